import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShopStore, User } from '@trx-shop/domain';
import { BUILDER_NOW, buildUser, minutesAfter, seededRandom } from '@trx-shop/store-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';
import { createSqliteCustomerReadModel } from '../src/read-models/customers.read-model.js';
import { createSqliteUserStore } from '../src/repositories/user-store.js';
import { migrate } from '../src/schema/migrate.js';
import type { Database } from '../src/sqlite-database.js';
import { SqliteDatabase } from '../src/sqlite-driver.js';
import { versionRowOf } from './version-row.js';
import { scannedCustomerIds } from './scanned-customers.js';

/*
 * Migration 20's search version and the matches a connection keeps by it (CustomerMatchMemo):
 * a kept list answers only while no write could have changed whom the search matches, on this
 * connection or any other, and what a page shows of each customer is read afresh every time.
 */

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const openMemoryUsers = (
  options: { log?: string[]; limits?: { maxIds: number; maxIdsPerSearch: number } } = {},
) => {
  const db = new SqliteDatabase(':memory:', {
    ...(options.log ? { verbose: (message: unknown) => options.log?.push(String(message)) } : {}),
  });
  cleanups.push(() => {
    db.close();
  });
  migrate(db);
  return {
    db,
    users: {
      ...createSqliteUserStore(db),
      ...createSqliteCustomerReadModel(db, options.limits ? { memoLimits: options.limits } : {}),
    },
  };
};

const versionOf = (db: Database): string => versionRowOf(db, 'customer-search');

/** The SQL statements a call ran that look for matches (the trigram index or instr()). */
const matchReadsDuring = async (log: string[], read: () => Promise<unknown>): Promise<number> => {
  log.length = 0;
  await read();
  return log.filter((sql) => sql.includes('MATCH') || sql.includes('instr(')).length;
};

describe('the customer search version (migration 20)', () => {
  it('moves with every write that can change whom a search matches, and with no other', async () => {
    const { db, users } = openMemoryUsers();
    const alice = buildUser({ username: 'AliceWonder', email: 'alice@example.com' });
    const moves = async (write: () => unknown): Promise<boolean> => {
      const before = versionOf(db);
      await write();
      return versionOf(db) !== before;
    };

    expect(await moves(() => users.insert(alice))).toBe(true);
    expect(await moves(() => users.updateProfile(alice.id, { username: 'AliceLooking' }, BUILDER_NOW))).toBe(
      true,
    );
    expect(await moves(() => users.updateProfile(alice.id, { phone: '+1 555 0100' }, BUILDER_NOW))).toBe(
      false,
    );
    expect(await moves(() => users.recordLogin(alice.id, minutesAfter(BUILDER_NOW, 1)))).toBe(false);
    expect(await moves(() => users.setActive(alice.id, false, minutesAfter(BUILDER_NOW, 2)))).toBe(false);
    // No port changes these; the schema can, and the triggers follow it.
    const sql = (statement: string) => () => db.prepare(statement).run(alice.id);
    expect(await moves(sql("UPDATE users SET email_key = 'a2@example.com' WHERE id = ?"))).toBe(true);
    expect(await moves(sql("UPDATE users SET role = 'admin' WHERE id = ?"))).toBe(true);
    expect(await moves(sql('UPDATE users SET created_at = created_at + 1 WHERE id = ?'))).toBe(true);
    expect(await moves(sql("UPDATE users SET role = 'admin' WHERE id = ?"))).toBe(false);
    expect(await moves(sql('DELETE FROM users WHERE id = ?'))).toBe(true);
  });
});

describe('kept customer search matches', () => {
  it('answers a repeated search from its kept matches, reading only the page, until a user is written', async () => {
    const log: string[] = [];
    const { users } = openMemoryUsers({ log });
    const all = Array.from({ length: 30 }, (_, i) =>
      buildUser({
        username: `kept_${i}`,
        email: `k${i}@example.com`,
        createdAt: minutesAfter(BUILDER_NOW, i % 7),
      }),
    );
    for (const user of all) await users.insert(user);
    const expected = scannedCustomerIds(all, 'KEPT_');

    expect(
      await matchReadsDuring(log, () => users.listCustomers({ search: 'kept_' }, { page: 1, limit: 10 })),
    ).toBe(1);
    // The next page, another case: the kept matches, no search read.
    let page2: Awaited<ReturnType<typeof users.listCustomers>> | undefined;
    expect(
      await matchReadsDuring(log, async () => {
        page2 = await users.listCustomers({ search: 'KEPT_' }, { page: 2, limit: 10 });
      }),
    ).toBe(0);
    expect(page2?.items.map((row) => row.user.id)).toEqual(expected.slice(10, 20));
    expect(page2?.total).toBe(30);

    // A login and a block change no match: still kept, and the page shows the block at once.
    const blocked = expected[10] as string;
    await users.recordLogin(blocked, minutesAfter(BUILDER_NOW, 9));
    await users.setActive(blocked, false, minutesAfter(BUILDER_NOW, 9));
    expect(
      await matchReadsDuring(log, async () => {
        page2 = await users.listCustomers({ search: 'kept_' }, { page: 2, limit: 10 });
      }),
    ).toBe(0);
    expect(page2?.items[0]?.user).toMatchObject({ id: blocked, isActive: false });

    await users.insert(buildUser({ username: 'kept_new', email: 'new@example.com' }));
    expect(
      await matchReadsDuring(log, () => users.listCustomers({ search: 'kept_' }, { page: 1, limit: 10 })),
    ).toBe(1);
  });

  it('keeps no search past its bounds, the least recently used going first', async () => {
    const log: string[] = [];
    const { users } = openMemoryUsers({ log, limits: { maxIds: 5, maxIdsPerSearch: 3 } });
    const made = ['big_1', 'big_2', 'big_3', 'big_4', 'aa_1', 'aa_2', 'bb_1', 'bb_2', 'cc_1', 'cc_2'].map(
      (name) => buildUser({ username: name, email: `${name}@example.com` }),
    );
    for (const user of made) await users.insert(user);
    const reads = (search: string) =>
      matchReadsDuring(log, () => users.listCustomers({ search }, { page: 1, limit: 10 }));

    // Four matches, more than one search may keep: read every time, through the index or (two
    // characters) scanned, counted and paged.
    expect(await reads('big_')).toBeGreaterThan(0);
    expect(await reads('big_')).toBeGreaterThan(0);
    expect(await reads('g_')).toBeGreaterThan(0);
    const scanned = await users.listCustomers({ search: 'G_' }, { page: 2, limit: 3 });
    expect({ total: scanned.total, ids: scanned.items.map((row) => row.user.id) }).toEqual({
      total: 4,
      ids: scannedCustomerIds(made, 'g_').slice(3),
    });
    await reads('aa_');
    await reads('bb_');
    expect(await reads('aa_')).toBe(0);
    // Six ids past five: the least recently used (bb_) goes, aa_ (used last) stays.
    await reads('cc_');
    expect(await reads('aa_')).toBe(0);
    expect(await reads('cc_')).toBe(0);
    expect(await reads('bb_')).toBeGreaterThan(0);
  });

  it('answers what a scan answers while two other connections write users, in any order', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'trx-shop-search-memo-'));
    cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
    const filename = join(directory, 'shop.db');
    const reader: ShopStore = await openSqliteStore({ filename });
    cleanups.push(() => reader.close());
    const writer: ShopStore = await openSqliteStore({ filename });
    cleanups.push(() => writer.close());
    // A third connection for writes no port makes (a role, an email).
    const raw = new SqliteDatabase(filename);
    cleanups.push(() => {
      raw.close();
    });

    const random = seededRandom(20_261_126);
    const names = ['amber', 'basil', 'cedar', 'delta', 'ember'];
    const needles = ['amb', 'AMBER_1', 'er_', 'a', 'sil_2', 'example.org', 'cedar_', 'zz'];
    const known = new Map<string, User>();
    const addUser = async () => {
      const user = buildUser({
        username: `${random.pick(names)}_${known.size}`,
        email: `${random.pick(names)}${known.size}@example.${random.pick(['com', 'org'])}`,
        createdAt: minutesAfter(BUILDER_NOW, random.integer(0, 20)),
      });
      const inserted = await writer.users.insert(user);
      if (!inserted.ok) throw inserted.error;
      known.set(user.id, user);
    };
    for (let i = 0; i < 40; i += 1) await addUser();

    for (let step = 0; step < 300; step += 1) {
      const someone = random.pick([...known.values()]);
      const roll = random.integer(0, 9);
      if (roll === 0) await addUser();
      else if (roll === 1) {
        const username = `${random.pick(names)}_r${step}`;
        const renamed = await writer.users.updateProfile(someone.id, { username }, BUILDER_NOW);
        if (renamed.ok) known.set(someone.id, { ...someone, username });
      } else if (roll === 2) {
        const role = someone.role === 'user' ? 'admin' : 'user';
        raw.prepare('UPDATE users SET role = ? WHERE id = ?').run(role, someone.id);
        known.set(someone.id, { ...someone, role });
      } else if (roll === 3) {
        const email = `moved${step}@example.${random.pick(['com', 'org'])}`;
        raw.prepare('UPDATE users SET email = ?, email_key = ? WHERE id = ?').run(email, email, someone.id);
        known.set(someone.id, { ...someone, email });
      } else if (roll === 4) {
        await writer.users.recordLogin(someone.id, minutesAfter(BUILDER_NOW, step));
      } else {
        const search = random.pick(needles);
        const limit = random.integer(1, 12);
        const expected = scannedCustomerIds(known.values(), search);
        const pages = Math.max(1, Math.ceil(expected.length / limit));
        const pageNumber = random.integer(1, pages + 1);
        const answered = await reader.users.listCustomers({ search }, { page: pageNumber, limit });
        expect(
          { ids: answered.items.map((row) => row.user.id), total: answered.total },
          `step ${step}: ${search} page ${pageNumber} of ${limit}`,
        ).toEqual({
          ids: expected.slice((pageNumber - 1) * limit, pageNumber * limit),
          total: expected.length,
        });
      }
    }
  });
});
