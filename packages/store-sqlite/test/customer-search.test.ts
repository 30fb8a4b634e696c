import type { User } from '@trx-shop/domain';
import { BUILDER_NOW, buildUser, scannedCustomerIds } from '@trx-shop/store-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteCustomerReadModel } from '../src/read-models/customers.read-model.js';
import { createSqliteUserStore } from '../src/repositories/user-store.js';
import { insertUserAtVersion } from './user-row-at-version.js';
import { migrate } from '../src/schema/migrate.js';
import { MIGRATIONS } from '../src/schema/migrations.js';
import type { Database } from '../src/sqlite-database.js';
import { SqliteDatabase } from '../src/sqlite-driver.js';

/*
 * Migration 14's trigram index (users_search) as the SQLite adapter keeps and reads it. The
 * contract suite checks the answers against a scan; these check the index itself: filled by the
 * migration, in step after every kind of write (FTS5's own integrity check compares it with the
 * users table), still right after VACUUM, and read only when it pays.
 */

const opened: Database[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const ALL = { limit: 10_000, page: 1 } as const;

/** A migrated in-memory database with the user repository and read model on it. */
const openUsers = (options: { log?: string[] } = {}) => {
  const db = new SqliteDatabase(':memory:', {
    ...(options.log ? { verbose: (message: unknown) => options.log?.push(String(message)) } : {}),
  });
  opened.push(db);
  migrate(db);
  return { db, users: { ...createSqliteUserStore(db), ...createSqliteCustomerReadModel(db) } };
};

const insertRow = insertUserAtVersion;

/** FTS5's check of the index against its content table (users): throws when they differ. */
const expectIndexInStep = (db: Database): void => {
  expect(() =>
    db.prepare("INSERT INTO users_search (users_search, rank) VALUES ('integrity-check', 1)").run(),
  ).not.toThrow();
};

/** The users the index alone names for `text` (already lowercased): no instr() here. */
const indexed = (db: Database, text: string): string[] =>
  db
    .prepare<[string], { id: string }>(
      'SELECT u.id FROM users_search CROSS JOIN users u ON u.rowid = users_search.rowid ' +
        'WHERE users_search MATCH ? ORDER BY u.id',
    )
    .all(`"${text.replaceAll('"', '""')}"`)
    .map((row) => row.id);

const searchIds = async (
  users: ReturnType<typeof openUsers>['users'],
  search: string,
): Promise<{ ids: string[]; total: number }> => {
  const page = await users.listCustomers({ search }, ALL);
  return { ids: page.items.map((row) => row.user.id), total: page.total };
};

const expectLikeScan = async (
  users: ReturnType<typeof openUsers>['users'],
  all: readonly User[],
  search: string,
): Promise<void> => {
  const expected = scannedCustomerIds(all, search);
  expect(await searchIds(users, search), search).toEqual({
    ids: expected,
    total: expected.length,
  });
};

describe('the customer search index (migration 14)', () => {
  it('indexes the users a version-13 file already holds', async () => {
    const db = new SqliteDatabase(':memory:');
    opened.push(db);
    for (const migration of MIGRATIONS.slice(0, 13)) db.exec(migration);
    db.pragma('user_version = 13');
    const before = [
      buildUser({ username: 'Ünïcode_Ärger', email: 'Old.Timer@Example.COM' }),
      buildUser({ username: 'PlainJane', email: 'jane"quote@example.com' }),
      buildUser({ username: 'RootAdmin', email: 'root@example.com', role: 'admin' }),
    ];
    for (const user of before) insertRow(db, user);

    migrate(db);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expectIndexInStep(db);
    expect(indexed(db, 'ärger')).toEqual([before[0]?.id]);
    expect(indexed(db, 'e"q')).toEqual([before[1]?.id]);
    expect(indexed(db, 'root')).toEqual([before[2]?.id]);
    const users = { ...createSqliteUserStore(db), ...createSqliteCustomerReadModel(db) };
    for (const search of ['ÜNÏCODE', 'old.timer@', 'E"Q', 'root', 'example.com', 'an']) {
      await expectLikeScan(users, before, search);
    }
  });

  it('keeps the index in step with inserts, renames, key updates and deletes', async () => {
    const { db, users } = openUsers();
    const alice = buildUser({ username: 'AliceWonder', email: 'alice@Example.com' });
    const bob = buildUser({ username: 'BobBuilder', email: 'bob@example.com' });
    const carol = buildUser({ username: 'CarolSinger', email: 'carol@example.com' });
    for (const user of [alice, bob, carol]) await users.insert(user);
    expectIndexInStep(db);
    expect(indexed(db, 'wonder')).toEqual([alice.id]);

    // A rename through the port moves the username's trigrams.
    expect((await users.updateProfile(alice.id, { username: 'AliceLooking' }, BUILDER_NOW)).ok).toBe(true);
    expectIndexInStep(db);
    expect(indexed(db, 'wonder')).toEqual([]);
    expect(indexed(db, 'looking')).toEqual([alice.id]);
    // A write that leaves both keys as they are (the trigger's WHEN skips it).
    await users.updateProfile(bob.id, { phone: '+1 555 0100' }, BUILDER_NOW);
    await users.recordLogin(bob.id, BUILDER_NOW);
    expectIndexInStep(db);
    // The port cannot change an email; the schema can, and the trigger follows it too.
    db.prepare(
      "UPDATE users SET email = 'Robert@Example.org', email_key = 'robert@example.org' WHERE id = ?",
    ).run(bob.id);
    expectIndexInStep(db);
    expect(indexed(db, 'bob@')).toEqual([]);
    expect(indexed(db, 'robert@')).toEqual([bob.id]);
    // No port deletes a user; the schema can, and the index lets go of it.
    db.prepare('DELETE FROM users WHERE id = ?').run(carol.id);
    expectIndexInStep(db);
    expect(indexed(db, 'carol')).toEqual([]);
    // The next user may take the deleted one's rowid: it must not inherit its trigrams.
    const dave = buildUser({ username: 'DaveDiver', email: 'dave@example.com' });
    await users.insert(dave);
    expectIndexInStep(db);
    expect(indexed(db, 'carol')).toEqual([]);
    expect(indexed(db, 'diver')).toEqual([dave.id]);

    const now: User[] = [
      { ...alice, username: 'AliceLooking' },
      { ...bob, email: 'Robert@Example.org' },
      dave,
    ];
    for (const search of ['wonder', 'LOOKING', 'bob@', 'robert', 'carol', 'diver', 'example', 'e']) {
      await expectLikeScan(users, now, search);
    }
  });

  it('answers only what instr() confirms, even from an index holding a stale entry', async () => {
    const { db, users } = openUsers();
    const user = buildUser({ username: 'StaleName', email: 'stale@example.com' });
    await users.insert(user);
    // Without the update trigger the rename leaves the old trigrams in the index.
    db.exec('DROP TRIGGER users_search_update');
    await users.updateProfile(user.id, { username: 'FreshName' }, BUILDER_NOW);
    expect(indexed(db, 'stalename')).toEqual([user.id]);
    expect(await searchIds(users, 'StaleName')).toEqual({ ids: [], total: 0 });
  });

  it('still finds every user after VACUUM', async () => {
    const { db, users } = openUsers();
    const all = Array.from({ length: 60 }, (_, i) =>
      buildUser({ username: `vacuum_user_${i}`, email: `v${i}@example.com` }),
    );
    for (const user of all) await users.insert(user);
    // Gaps in the rowids, which a VACUUM renumbering them would close.
    db.prepare("DELETE FROM users WHERE username_key LIKE 'vacuum_user_1%'").run();
    const left = all.filter((user) => !user.username.startsWith('vacuum_user_1'));
    db.exec('VACUUM');
    expectIndexInStep(db);
    for (const search of ['vacuum_user_2', 'user_5', 'r_1', 'v3', 'user'])
      await expectLikeScan(users, left, search);
  });

  it('reads the index for a needle of 3 code points or more, unless it is too common; scans otherwise', async () => {
    const log: string[] = [];
    const { db, users } = openUsers({ log });
    const common = Array.from({ length: 1_100 }, (_, i) =>
      buildUser({ username: `common_${i}`, email: `c${i}@example.com` }),
    );
    const insertAll = db.transaction((list: readonly User[]) => {
      for (const user of list) insertRow(db, user);
    });
    const special = [
      buildUser({ username: 'xé😀y', email: 'emoji@example.org' }),
      buildUser({ username: 'RareBird', email: 'rare@example.org' }),
    ];
    insertAll([...common, ...special]);
    const all = [...common, ...special];

    /** The search reads a call made, in order (verbose logs them expanded). */
    const readsDuring = async (read: () => Promise<unknown>): Promise<string[]> => {
      log.length = 0;
      await read();
      return log.flatMap((sql) => {
        if (sql.includes('AS matches') && sql.includes('MATCH')) return ['trigram candidates'];
        if (sql.includes('instr(') && sql.startsWith('SELECT COUNT(*) AS n')) return ['scan count'];
        if (sql.includes('instr(') && sql.startsWith('SELECT u.id FROM')) return ['scan ids'];
        if (sql.includes('instr(') && sql.includes('ORDER BY')) return ['scan page'];
        return [];
      });
    };
    const readsFor = (search: string) => readsDuring(() => expectLikeScan(users, all, search));
    const indexRead = ['trigram candidates'];
    const scanRead = ['scan page', 'scan count'];
    // 'é😀' is 3 UTF-16 units but 2 characters: no trigram, so it scans (and is found).
    expect(await readsFor('É😀')).toEqual(scanRead);
    expect(await readsFor('é😀y')).toEqual(indexRead);
    expect(await readsFor('rarebird')).toEqual(indexRead);
    expect(await readsFor('zq')).toEqual(scanRead);
    // 1,100 candidates: past the cap (at least 1,000), the index gives way to the scan; the
    // needle is remembered as common, so the next search for it scans at once.
    expect(await readsFor('common_')).toEqual(['trigram candidates', ...scanRead]);
    expect(await readsFor('COMMON_')).toEqual(scanRead);
    // The matching ids choose their read the same way.
    expect(await readsDuring(() => users.customerIdsMatching('Common_', 2_000))).toEqual(['scan ids']);
    expect(await readsDuring(() => users.customerIdsMatching('RAREBIRD', 2_000))).toEqual(indexRead);
    expect(await users.customerIdsMatching('common_', 1_099)).toBeNull();
    expect(await users.customerIdsMatching('common_', 1_100)).toEqual(scannedCustomerIds(all, 'common_'));
    expect(await readsFor('ommon_10')).toEqual(indexRead);
  });
});
