import { join } from 'node:path';
import {
  ADMIN,
  call,
  eventually,
  makeDataDir,
  registerAccount,
  removeDataDir,
  startServiceProcess,
} from '@trx-shop/test-kit';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE } from '../../src/composition/open-store.js';
import { EVENT_RELAY_LEASE } from '../../src/composition/event-relay.js';
import { LISTENER_LEASE } from '../../src/composition/settlement-listener.js';
import { placeOrder } from './shop-client.js';

/*
 * A process killed between its state changes and the relay (docs/api.md, "Events"): the events
 * wait in the order's outbox, and the next process logs each of them once.
 */

const readStore = async <T>(
  dataDir: string,
  read: (store: Awaited<ReturnType<typeof openSqliteStore>>) => Promise<T>,
) => {
  const store = await openSqliteStore({ filename: join(dataDir, SQLITE_FILE) });
  try {
    return await read(store);
  } finally {
    await store.close();
  }
};

describe('a crash between a state change and the relay', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeDataDir();
  });
  afterAll(() => removeDataDir(dataDir));

  it('logs every event of the order once after the restart, none before', async () => {
    const admin = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    // The relay runs once right after listen; with a ten-minute interval it cannot run again
    // before the kill. Its first run is over once it relayed the demo catalogue's events: only
    // then is the order placed.
    const first = await startServiceProcess(dataDir, {
      ...admin,
      LISTENER_INTERVAL_MS: '600000',
      EVENT_POLL_INTERVAL_MS: '600000',
    });
    await eventually(
      () =>
        readStore(dataDir, async (store) => ({
          outbox: (await store.outbox.pending(100)).length,
          logged: (await store.eventLog.readAfter(0, 100)).length,
        })),
      (seen) => seen.outbox === 0 && seen.logged > 0,
      'the first relay run to relay the demo catalogue',
      30_000,
      100,
    );
    const buyer = await registerAccount(first.apiUrl);
    const order = await placeOrder(first.apiUrl, buyer.token);
    const cancelled = await call(first.apiUrl, 'POST', `/api/orders/${order.id}/cancel`, {
      token: buyer.token,
    });
    expect(cancelled.status).toBe(200);
    expect(await first.stop('SIGKILL')).toMatchObject({ signal: 'SIGKILL' });

    const pendingTypes = await readStore(dataDir, async (store) => ({
      logged: (await store.eventLog.readAfter(0, 100)).filter((event) => event.subjects.orderId === order.id),
      outbox: (await store.outbox.pending(100))
        .filter((entry) => entry.sourceId === order.id)
        .map((entry) => entry.event.type),
    }));
    expect(pendingTypes).toEqual({ logged: [], outbox: ['order.created', 'order.cancelled'] });
    // The killed process still holds the listener's and the relay's leases; let them expire (a
    // day passes) so the next process leads at once instead of after the leases' TTL.
    await readStore(dataDir, async (store) => {
      for (const lease of [LISTENER_LEASE, EVENT_RELAY_LEASE]) {
        expect(await store.leases.tryAcquire(lease, 'expiry', new Date(Date.now() + 86_400_000), 1)).toBe(
          true,
        );
        await store.leases.release(lease, 'expiry');
      }
    });

    const second = await startServiceProcess(dataDir, { ...admin, LISTENER_INTERVAL_MS: '200' });
    try {
      const types = await eventually(
        () =>
          readStore(dataDir, async (store) =>
            (await store.eventLog.readAfter(0, 1_000))
              .filter((event) => event.subjects.orderId === order.id)
              .map((event) => event.type),
          ),
        (seen) => seen.length >= 2,
        'the order’s events in the log',
        30_000,
        200,
      );
      expect(types).toEqual(['order.created', 'order.cancelled']);
      expect(await readStore(dataDir, (store) => store.outbox.pending(100))).toEqual([]);
      // A later relay run (it logs a new order's event) logs nothing of the first order again.
      const later = await placeOrder(second.apiUrl, (await registerAccount(second.apiUrl)).token);
      const afterLaterRun = await eventually(
        () => readStore(dataDir, (store) => store.eventLog.readAfter(0, 1_000)),
        (events) => events.some((event) => event.subjects.orderId === later.id),
        'a later relay run',
        30_000,
        200,
      );
      expect(
        afterLaterRun.filter((event) => event.subjects.orderId === order.id).map((event) => event.type),
      ).toEqual(['order.created', 'order.cancelled']);
    } finally {
      await second.stop('SIGTERM');
    }
  }, 120_000);
});
