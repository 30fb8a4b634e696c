import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOrder, buildProduct } from '@trx-shop/store-contract';
import { SqliteDatabase as Database } from '../src/sqlite-driver.js';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';

/*
 * On SQLite a version moves in the write's own transaction (the generated version triggers), so
 * there is no moment between the two for a crash to fall into: a write that never commits moves
 * neither, and any committed write moves it, whatever code made it.
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'trx-catalogue-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('moves with a committed write made by any code, and not with one that died uncommitted', async () => {
  const file = join(dir, 'shop.sqlite');
  const store = await openSqliteStore({ filename: file });
  try {
    const product = buildProduct({ priceSun: 1_000_000 });
    await store.products.insert(product);
    const before = await store.versions.current({ kind: 'catalogue' });

    // A writer that dies mid-transaction: its connection goes away without COMMIT.
    const dying = new Database(file);
    dying.exec('BEGIN IMMEDIATE');
    dying.prepare('UPDATE products SET price_sun = 5000000 WHERE id = ?').run(product.id);
    dying.close();
    expect(await store.versions.current({ kind: 'catalogue' })).toBe(before);
    expect((await store.products.findById(product.id))?.priceSun).toBe(1_000_000);

    // A committed write from another connection, outside the repository.
    const other = new Database(file);
    other.prepare('UPDATE products SET price_sun = 7000000 WHERE id = ?').run(product.id);
    other.close();
    const after = await store.versions.current({ kind: 'catalogue' });
    expect(after).not.toBe(before);
    expect((await store.products.findById(product.id))?.priceSun).toBe(7_000_000);

    // Reservations are not shown by any public answer: they leave the version alone.
    expect(
      await store.products.reserveStock({
        productId: product.id,
        key: 'o:0',
        quantity: 1,
        reservedAt: new Date(),
      }),
    ).toBe(true);
    expect(await store.versions.current({ kind: 'catalogue' })).toBe(after);
  } finally {
    await store.close();
  }
});

it("moves a user's order version with any committed write to their orders, by any code, and not another user's", async () => {
  const file = join(dir, 'shop.sqlite');
  const store = await openSqliteStore({ filename: file });
  try {
    const mine = buildOrder();
    const theirs = buildOrder();
    expect((await store.orders.create(mine)).ok).toBe(true);
    expect((await store.orders.create(theirs)).ok).toBe(true);
    const before = await store.versions.current({ kind: 'user-orders', userId: mine.userId });

    const other = new Database(file);
    other.prepare("UPDATE orders SET status = 'cancelled' WHERE id = ?").run(theirs.id);
    expect(await store.versions.current({ kind: 'user-orders', userId: mine.userId })).toBe(before);
    other.prepare('UPDATE order_lines SET name = ? WHERE order_id = ?').run('Renamed line', mine.id);
    other.close();
    const after = await store.versions.current({ kind: 'user-orders', userId: mine.userId });
    expect(after).not.toBe(before);
    expect((await store.orders.findById(mine.id))?.lines[0]?.name).toBe('Renamed line');
  } finally {
    await store.close();
  }
});
