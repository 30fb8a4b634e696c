import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VersionTopic } from '@trx-shop/domain';
import { BUILDER_NOW, buildOrder, buildProduct, buildUser } from '@trx-shop/store-contract';
import { afterEach, expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';
import { createSqliteOrderStore } from '../src/repositories/order-store.js';
import { insertProductAtVersion } from './product-row-at-version.js';
import { insertUserAtVersion } from './user-row-at-version.js';
import { MIGRATIONS } from '../src/schema/migrations.js';
import { versionsMigration } from '../src/schema/versions-migration.js';
import type { Database } from '../src/sqlite-database.js';
import { SqliteDatabase } from '../src/sqlite-driver.js';

/*
 * The versions migration: the four released version tables become one `versions` table, and a
 * version read before it (an ETag a client holds) reads the same after it.
 */

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const OLD_TABLES = [
  'catalogue_version',
  'customer_search_version',
  'wallet_holders_version',
  'user_order_versions',
];

/** A file at the schema just before the versions migration. */
const fileBeforeVersionsMigration = (): { filename: string; db: Database } => {
  const directory = mkdtempSync(join(tmpdir(), 'trx-versions-migration-'));
  directories.push(directory);
  const filename = join(directory, 'shop.db');
  const db = new SqliteDatabase(filename);
  const before = MIGRATIONS.indexOf(versionsMigration());
  for (const migration of MIGRATIONS.slice(0, before)) db.exec(migration);
  db.pragma(`user_version = ${before}`);
  return { filename, db };
};

const insertUser = insertUserAtVersion;

/** The versions as the released code read them, straight from the four tables. */
const oldReads = (db: Database, userIds: readonly string[]) => {
  const text = (sql: string) => db.prepare<[], { version: string }>(sql).get()?.version;
  const userOrders = db.prepare<[string], { version: number }>(
    'SELECT version FROM user_order_versions WHERE user_id = ?',
  );
  return {
    catalogue: text("SELECT epoch || '.' || version AS version FROM catalogue_version WHERE id = 1"),
    customerSearch: text(
      "SELECT epoch || ':' || version AS version FROM customer_search_version WHERE id = 1",
    ),
    walletHolders: text("SELECT epoch || ':' || version AS version FROM wallet_holders_version WHERE id = 1"),
    userOrders: userIds.map((userId) => String(userOrders.get(userId)?.version ?? 0)),
  };
};

const schemaOf = (db: Database) => ({
  tables: db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all()
    .map((row) => row.name),
  triggers: db
    .prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
    .all(),
});

it('keeps every version a released table held, drops those tables and their triggers, and moves the right topic after', async () => {
  const { filename, db } = fileBeforeVersionsMigration();
  const alice = buildUser({ username: 'alice_before' });
  const bob = buildUser();
  const product = buildProduct({ stock: 5 });
  const order = buildOrder({ userId: alice.id });
  try {
    // Writes that leave each released table past its first version.
    insertUser(db, alice);
    insertUser(db, bob);
    db.prepare("UPDATE users SET username = 'bob_renamed', username_key = 'bob_renamed' WHERE id = ?").run(
      bob.id,
    );
    insertProductAtVersion(db, product);
    db.prepare('UPDATE products SET price_sun = 3000000 WHERE id = ?').run(product.id);
    const orders = createSqliteOrderStore(db);
    expect((await orders.create(order)).ok).toBe(true);
    await orders.changeStatus(order.id, { from: ['pending'], to: 'cancelled', at: BUILDER_NOW });
  } catch (error) {
    db.close();
    throw error;
  }
  const before = oldReads(db, [alice.id, bob.id]);
  const schemaBefore = schemaOf(db);
  db.close();
  for (const version of [
    before.catalogue,
    before.customerSearch,
    before.walletHolders,
    before.userOrders[0],
  ]) {
    expect(version).toMatch(/[1-9]\d*$/);
  }
  expect(before.userOrders[1]).toBe('0');
  const oldTriggers = schemaBefore.triggers.filter((trigger) =>
    OLD_TABLES.some((table) => trigger.sql.includes(table)),
  );
  expect(oldTriggers.length).toBeGreaterThan(0);

  const store = await openSqliteStore({ filename });
  try {
    const current = (topic: VersionTopic) => store.versions.current(topic);
    expect(await current({ kind: 'catalogue' })).toBe(before.catalogue);
    expect(await current({ kind: 'customer-search' })).toBe(before.customerSearch);
    expect(await current({ kind: 'wallet-holders' })).toBe(before.walletHolders);
    expect(await current({ kind: 'user-orders', userId: alice.id })).toBe(before.userOrders[0]);
    expect(await current({ kind: 'user-orders', userId: bob.id })).toBe(before.userOrders[1]);

    const raw = new SqliteDatabase(filename, { readonly: true });
    try {
      const after = schemaOf(raw);
      expect(after.tables).toContain('versions');
      expect(after.tables.filter((table) => OLD_TABLES.includes(table))).toEqual([]);
      const names = after.triggers.map((trigger) => trigger.name);
      expect(oldTriggers.filter((trigger) => names.includes(trigger.name))).toEqual([]);
      expect(
        after.triggers.filter((trigger) => OLD_TABLES.some((table) => trigger.sql.includes(table))),
      ).toEqual([]);
      expect(after.triggers.length).toBeLessThan(schemaBefore.triggers.length);
    } finally {
      raw.close();
    }

    // Each write moves its own topic, from the version that was moved.
    const moved = async (write: () => Promise<unknown>) => {
      const topics: VersionTopic[] = [
        { kind: 'catalogue' },
        { kind: 'customer-search' },
        { kind: 'wallet-holders' },
        { kind: 'user-orders', userId: alice.id },
        { kind: 'user-orders', userId: bob.id },
      ];
      const read = () => Promise.all(topics.map(current));
      const was = await read();
      await write();
      const now = await read();
      return topics.filter((_, index) => now[index] !== was[index]).map((topic) => JSON.stringify(topic));
    };
    expect(await moved(() => store.products.update(product.id, { stock: 9 }, BUILDER_NOW))).toEqual([
      JSON.stringify({ kind: 'catalogue' }),
    ]);
    expect(await moved(() => store.orders.create(buildOrder({ userId: bob.id })))).toEqual([
      JSON.stringify({ kind: 'user-orders', userId: bob.id }),
    ]);
    expect(await moved(() => store.users.insert(buildUser()))).toEqual([
      JSON.stringify({ kind: 'customer-search' }),
      JSON.stringify({ kind: 'wallet-holders' }),
    ]);
    const rename = () => store.users.updateProfile(alice.id, { username: 'alice_after' }, BUILDER_NOW);
    expect(await moved(rename)).toEqual([JSON.stringify({ kind: 'customer-search' })]);
  } finally {
    await store.close();
  }
});
