import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendEvent, NO_SUBJECTS } from '@trx-shop/domain';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectIdGenerator } from '../src/adapters/object-id-generator.js';
import { sampleOf } from './support/prometheus-text.js';
import { createTestApp, startTestDevnet, type TestApp } from './support/test-app.js';

/*
 * The business counters' tally of the shared event log (docs/operations.md, "Metrics"): it starts
 * at the log's head the first time a store is served, and apps on one store count each logged
 * event once between them, however their scrapes interleave.
 */

const TOKEN = 'tally-scraper-token';
const ids = createObjectIdGenerator();

let node: RunningDevnet;
let directory: string;
beforeAll(async () => {
  node = await startTestDevnet();
  directory = await mkdtemp(join(tmpdir(), 'trx-metrics-tally-'));
});
afterAll(async () => {
  await node.stop();
  await rm(directory, { recursive: true, force: true });
});

/** An order's creation as its state change logs it (the store only: no order is needed to count). */
const logOrderCreated = (h: TestApp) =>
  appendEvent(h, {
    id: ids.newId(),
    type: 'order.created',
    occurredAt: h.clock.now(),
    subjects: { ...NO_SUBJECTS, orderId: ids.newId() },
    payload: { total: '1' },
    actor: null,
  });

const ordersCreated = async (h: TestApp): Promise<number> => {
  const answer = await h.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(answer.statusCode).toBe(200);
  return sampleOf(answer.body, 'trx_shop_orders_created_total') ?? Number.NaN;
};

describe('the business counters on a shared store', () => {
  it('count nothing logged before the store was first served with metrics, and what is logged after', async () => {
    const sqliteFile = join(directory, 'history.db');
    const before = await createTestApp({ devnet: node, sqliteFile });
    await logOrderCreated(before);
    await logOrderCreated(before);
    await before.close();

    const served = await createTestApp({ devnet: node, sqliteFile, metricsToken: TOKEN });
    try {
      expect(await ordersCreated(served)).toBe(0);
      await logOrderCreated(served);
      expect(await ordersCreated(served)).toBe(1);
    } finally {
      await served.close();
    }
  });

  it('count each event on exactly one of two apps scraped at once', async () => {
    const sqliteFile = join(directory, 'shared.db');
    const first = await createTestApp({ devnet: node, sqliteFile, metricsToken: TOKEN });
    const second = await createTestApp({ devnet: node, sqliteFile, metricsToken: TOKEN });
    try {
      let logged = 0;
      const sums: number[] = [];
      const expected: number[] = [];
      for (let round = 0; round < 8; round += 1) {
        for (let index = 0; index <= round % 3; index += 1) {
          await logOrderCreated(index % 2 === 0 ? first : second);
          logged += 1;
        }
        // Both scrapes race for the same batch; the one that loses it counts none of it.
        const [onFirst, onSecond] = await Promise.all([ordersCreated(first), ordersCreated(second)]);
        sums.push(onFirst + onSecond);
        expected.push(logged);
      }
      expect(sums).toEqual(expected);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
