import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShopStore } from '@trx-shop/domain';
import { BUILDER_NOW, buildOrder, newObjectId } from '@trx-shop/store-contract';
import { SqliteDatabase as Database } from '../src/sqlite-driver.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';

/** Crash leftovers cannot be produced through the ports, so this test writes them with SQL. */
describe('pending-order locks left by a crash', () => {
  let directory = '';
  let store: ShopStore;
  let raw: InstanceType<typeof Database>;

  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'trx-shop-locks-'));
    const filename = join(directory, 'shop.db');
    store = await openSqliteStore({ filename });
    raw = new Database(filename);
  });
  afterEach(async () => {
    raw.close();
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const leaveLock = (userId: string, orderId: string, ageMs: number): void => {
    raw
      .prepare('INSERT INTO pending_order_locks (user_id, order_id, created_at) VALUES (?, ?, ?)')
      .run(userId, orderId, BUILDER_NOW.getTime() - ageMs);
  };

  it('takes over a lock whose order was never written once it is older than 60 s', async () => {
    const userId = newObjectId();
    leaveLock(userId, newObjectId(), 60_001);
    const order = buildOrder({ userId, createdAt: BUILDER_NOW });
    expect((await store.orders.create(order)).ok).toBe(true);
    expect(raw.prepare('SELECT order_id FROM pending_order_locks WHERE user_id = ?').get(userId)).toEqual({
      order_id: order.id,
    });
  });

  it('respects a lock without order younger than 60 s (its creation may still be running)', async () => {
    const userId = newObjectId();
    const inFlight = newObjectId();
    leaveLock(userId, inFlight, 59_000);
    const refused = await store.orders.create(buildOrder({ userId, createdAt: BUILDER_NOW }));
    expect(!refused.ok && refused.error.data.pendingOrderId).toBe(inFlight);
  });

  it('takes over a lock still naming an order that is no longer pending', async () => {
    const userId = newObjectId();
    const old = buildOrder({ userId });
    await store.orders.create(old);
    raw.prepare("UPDATE orders SET status = 'completed' WHERE id = ?").run(old.id);
    const next = buildOrder({ userId });
    expect((await store.orders.create(next)).ok).toBe(true);
    expect((await store.orders.findPendingByUser(userId))?.id).toBe(next.id);
  });
});
