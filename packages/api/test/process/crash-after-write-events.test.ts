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
 * A process killed right after its state changes (docs/api.md, "Events"): on SQLite the events
 * were logged in the changes' own writes, so none is lost and none waits for a relay that died
 * with the process. (The relay of entries an older version left in the outbox is held by the
 * store's own tests.)
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

describe('a crash right after a state change', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeDataDir();
  });
  afterAll(() => removeDataDir(dataDir));

  it('loses no event: each was logged once in its write, and a restart logs none again', async () => {
    const admin = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    // Neither the relay nor the readers run again before the kill: nothing but the writes log.
    const first = await startServiceProcess(dataDir, {
      ...admin,
      LISTENER_INTERVAL_MS: '600000',
      EVENT_POLL_INTERVAL_MS: '600000',
    });
    const buyer = await registerAccount(first.apiUrl);
    const order = await placeOrder(first.apiUrl, buyer.token);
    const cancelled = await call(first.apiUrl, 'POST', `/api/orders/${order.id}/cancel`, {
      token: buyer.token,
    });
    expect(cancelled.status).toBe(200);
    expect(await first.stop('SIGKILL')).toMatchObject({ signal: 'SIGKILL' });

    const afterKill = await readStore(dataDir, async (store) => ({
      logged: (await store.eventLog.readAfter(0, 1_000))
        .filter((event) => event.subjects.orderId === order.id)
        .map((event) => event.type),
      outbox: await store.outbox.pending(100),
    }));
    expect(afterKill).toEqual({ logged: ['order.created', 'order.cancelled'], outbox: [] });
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
      // A later order's events are the marker that the second process's relay has run.
      const later = await placeOrder(second.apiUrl, (await registerAccount(second.apiUrl)).token);
      const afterLaterRun = await eventually(
        () => readStore(dataDir, (store) => store.eventLog.readAfter(0, 1_000)),
        (events) => events.some((event) => event.subjects.orderId === later.id),
        'the later order in the log',
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
