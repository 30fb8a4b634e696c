import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShopStore, User, UserStore } from '@trx-shop/domain';
import {
  BUILDER_NOW,
  buildUser,
  minutesAfter,
  scannedCustomerIds,
  seededRandom,
} from '@trx-shop/store-contract';
import { openSqliteStore, SqliteDatabase } from '@trx-shop/store-sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CustomerMatchLimits,
  type CustomerSearchOutcome,
  withCustomerMatches,
} from '../../src/caching/customer-matches.js';

/*
 * The customer search's kept matches over a real SQLite store: the version is a counter the test
 * moves, standing for the store's customer search version, which every write changing whom a
 * search matches moves.
 */

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The store's user port, counting the reads the decorator makes of it. */
const countingReads = (users: UserStore) => {
  const reads = { matching: 0, plainLists: 0, byIds: [] as (readonly string[])[] };
  return {
    reads,
    users: {
      ...users,
      async customerIdsMatching(search: string, atMost: number) {
        reads.matching += 1;
        return users.customerIdsMatching(search, atMost);
      },
      async customersByIds(ids: readonly string[]) {
        reads.byIds.push(ids);
        return users.customersByIds(ids);
      },
      listCustomers: ((query, page) => {
        reads.plainLists += 1;
        return users.listCustomers(query, page);
      }) satisfies UserStore['listCustomers'],
    },
  };
};

const openStore = async (): Promise<ShopStore> => {
  const store = await openSqliteStore({ filename: ':memory:' });
  cleanups.push(() => store.close());
  return store;
};

/** A store whose search keeps its matches under `version.value`, which the test moves. */
const openSearch = async (limits?: CustomerMatchLimits) => {
  const store = await openStore();
  const version = { value: 0 };
  const outcomes: CustomerSearchOutcome[] = [];
  const counted = countingReads(store.users);
  const users = withCustomerMatches(counted.users, {
    version: async () => String(version.value),
    onSearch: (outcome) => outcomes.push(outcome),
    ...(limits ? { limits } : {}),
  });
  return { store, users, version, outcomes, reads: counted.reads };
};

const insertAll = async (users: UserStore, list: readonly User[]): Promise<void> => {
  for (const user of list) expect((await users.insert(user)).ok, user.username).toBe(true);
};

const idsOf = (page: { items: readonly { user: User }[] }) => page.items.map((row) => row.user.id);

describe('withCustomerMatches over a real SQLite store', () => {
  it('answers the next page of a search, in any case, from its kept ids, reading only that page', async () => {
    const { store, users, outcomes, reads } = await openSearch();
    const all = Array.from({ length: 30 }, (_, i) =>
      buildUser({
        username: `kept_${i}`,
        email: `k${i}@example.com`,
        createdAt: minutesAfter(BUILDER_NOW, i % 7),
      }),
    );
    await insertAll(store.users, all);
    const expected = scannedCustomerIds(all, 'kept_');

    const first = await users.listCustomers({ search: 'kept_' }, { page: 1, limit: 10 });
    expect({ ids: idsOf(first), total: first.total }).toEqual({ ids: expected.slice(0, 10), total: 30 });
    const second = await users.listCustomers({ search: 'KEPT_' }, { page: 2, limit: 10 });
    expect({ ids: idsOf(second), total: second.total }).toEqual({ ids: expected.slice(10, 20), total: 30 });

    expect(outcomes).toEqual(['rendered', 'memo']);
    expect(reads.matching).toBe(1);
    expect(reads.plainLists).toBe(0);
    expect(reads.byIds).toEqual([expected.slice(0, 10), expected.slice(10, 20)]);
  });

  it('reads the matches once for searches asked together at one version, each answered its own page', async () => {
    const { store, users, outcomes, reads } = await openSearch();
    const all = Array.from({ length: 25 }, (_, i) =>
      buildUser({ username: `herd_${i}`, email: `h${i}@example.com` }),
    );
    await insertAll(store.users, all);
    const expected = scannedCustomerIds(all, 'herd_');

    const pages = await Promise.all(
      [1, 2, 1, 3].map((page) => users.listCustomers({ search: 'herd_' }, { page, limit: 10 })),
    );
    expect(pages.map(idsOf)).toEqual([
      expected.slice(0, 10),
      expected.slice(10, 20),
      expected.slice(0, 10),
      expected.slice(20),
    ]);
    expect(reads.matching).toBe(1);
    expect(outcomes).toEqual(['rendered', 'memo', 'memo', 'memo']);
  });

  it('shows what a kept page holds of each customer as it is now', async () => {
    const { store, users, outcomes } = await openSearch();
    const all = Array.from({ length: 4 }, (_, i) =>
      buildUser({ username: `fresh_${i}`, email: `f${i}@example.com` }),
    );
    await insertAll(store.users, all);
    const blocked = scannedCustomerIds(all, 'fresh_')[1] as string;
    await users.listCustomers({ search: 'fresh_' }, { page: 1, limit: 10 });

    // A block changes no match, so the version stands; the page still reads the row afresh.
    await store.users.setActive(blocked, false, minutesAfter(BUILDER_NOW, 9));
    const page = await users.listCustomers({ search: 'fresh_' }, { page: 1, limit: 10 });
    expect(outcomes).toEqual(['rendered', 'memo']);
    expect(page.items[1]?.user).toMatchObject({ id: blocked, isActive: false });
  });

  it('reads the matches again once the version moves, and not before', async () => {
    const { store, users, version, outcomes, reads } = await openSearch();
    const first = buildUser({ username: 'moving_1', email: 'm1@example.com' });
    await insertAll(store.users, [first]);
    await users.listCustomers({ search: 'moving_' }, { page: 1, limit: 10 });

    const second = buildUser({ username: 'moving_2', email: 'm2@example.com' });
    await insertAll(store.users, [second]);
    // The version stands for the store's: until it moves, the kept ids answer.
    expect(idsOf(await users.listCustomers({ search: 'moving_' }, { page: 1, limit: 10 }))).toEqual([
      first.id,
    ]);
    version.value += 1;
    const moved = await users.listCustomers({ search: 'moving_' }, { page: 1, limit: 10 });

    expect({ ids: idsOf(moved), total: moved.total }).toEqual({
      ids: scannedCustomerIds([first, second], 'moving_'),
      total: 2,
    });
    expect(outcomes).toEqual(['rendered', 'memo', 'rendered']);
    expect(reads.matching).toBe(2);
  });

  it('finds a renamed customer by the new name and not the old one in the very next search', async () => {
    const { store, users, version } = await openSearch();
    const user = buildUser({ username: 'OldHandleQuux', email: 'steady@example.com' });
    const other = buildUser({ username: 'Bystander', email: 'bystander@example.com' });
    await insertAll(store.users, [user, other]);
    expect(idsOf(await users.listCustomers({ search: 'handle' }, { page: 1, limit: 10 }))).toEqual([user.id]);
    expect(idsOf(await users.listCustomers({ search: 'oldhandle' }, { page: 1, limit: 10 }))).toEqual([
      user.id,
    ]);

    const renamed = await store.users.updateProfile(user.id, { username: 'FreshNameWobble' }, BUILDER_NOW);
    expect(renamed.ok).toBe(true);
    version.value += 1;

    expect(idsOf(await users.listCustomers({ search: 'oldhandle' }, { page: 1, limit: 10 }))).toEqual([]);
    expect(idsOf(await users.listCustomers({ search: 'handle' }, { page: 1, limit: 10 }))).toEqual([]);
    expect(idsOf(await users.listCustomers({ search: 'wobble' }, { page: 1, limit: 10 }))).toEqual([user.id]);
  });

  it('reads the version before the matches, so a write right after the read is seen next time', async () => {
    const store = await openStore();
    const version = { value: 0 };
    const late = buildUser({ username: 'race_late', email: 'late@example.com' });
    const users = withCustomerMatches(
      {
        ...store.users,
        async customerIdsMatching(search: string, atMost: number) {
          const ids = await store.users.customerIdsMatching(search, atMost);
          // A write landing between the read and its filing moves the version.
          if (version.value === 0) {
            await insertAll(store.users, [late]);
            version.value += 1;
          }
          return ids;
        },
      },
      { version: async () => String(version.value) },
    );
    const early = buildUser({ username: 'race_early', email: 'early@example.com' });
    await insertAll(store.users, [early]);

    expect(idsOf(await users.listCustomers({ search: 'race_' }, { page: 1, limit: 10 }))).toEqual([early.id]);
    expect(idsOf(await users.listCustomers({ search: 'race_' }, { page: 1, limit: 10 }))).toEqual(
      scannedCustomerIds([early, late], 'race_'),
    );
  });

  it('leaves a list without a search, and a search matching more than one search may keep, to the store', async () => {
    const { store, users, outcomes, reads } = await openSearch({ maxIds: 5, maxIdsPerSearch: 3 });
    const big = ['big_1', 'big_2', 'big_3', 'big_4'].map((name) =>
      buildUser({ username: name, email: `${name}@example.com` }),
    );
    await insertAll(store.users, big);

    for (let i = 0; i < 2; i += 1) {
      const page = await users.listCustomers({ search: 'BIG_' }, { page: 2, limit: 3 });
      expect({ ids: idsOf(page), total: page.total }).toEqual({
        ids: scannedCustomerIds(big, 'big_').slice(3),
        total: 4,
      });
    }
    const everyone = await users.listCustomers({}, { page: 1, limit: 10 });
    expect(everyone.total).toBe(4);

    expect(outcomes).toEqual(['rendered', 'rendered']);
    expect({ matching: reads.matching, plainLists: reads.plainLists }).toEqual({
      matching: 2,
      plainLists: 3,
    });
  });

  it('keeps at most maxIds ids in all, the least recently used search going first', async () => {
    const { store, users, outcomes } = await openSearch({ maxIds: 5, maxIdsPerSearch: 3 });
    const made = ['aa_1', 'aa_2', 'bb_1', 'bb_2', 'cc_1', 'cc_2'].map((name) =>
      buildUser({ username: name, email: `${name}@example.com` }),
    );
    await insertAll(store.users, made);
    const search = async (needle: string) => {
      await users.listCustomers({ search: needle }, { page: 1, limit: 10 });
      return outcomes.at(-1);
    };

    expect(await search('aa_')).toBe('rendered');
    expect(await search('bb_')).toBe('rendered');
    expect(await search('aa_')).toBe('memo');
    // Six ids past five: bb_ (used least lately) goes, aa_ stays.
    expect(await search('cc_')).toBe('rendered');
    expect(await search('aa_')).toBe('memo');
    expect(await search('cc_')).toBe('memo');
    expect(await search('bb_')).toBe('rendered');
  });

  it('answers what a scan answers while two other connections write users, in any order', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'trx-shop-customer-matches-'));
    cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
    const filename = join(directory, 'shop.db');
    const reader = await openSqliteStore({ filename });
    cleanups.push(() => reader.close());
    const writer = await openSqliteStore({ filename });
    cleanups.push(() => writer.close());
    // A third connection for writes no port makes (a role, an email).
    const raw = new SqliteDatabase(filename);
    cleanups.push(() => {
      raw.close();
    });
    const version = { value: 0 };
    const users = withCustomerMatches(reader.users, { version: async () => String(version.value) });

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
      // Every write that can change whom a search matches moves the version; a login does not.
      if (roll === 0) {
        await addUser();
        version.value += 1;
      } else if (roll === 1) {
        const username = `${random.pick(names)}_r${step}`;
        const renamed = await writer.users.updateProfile(someone.id, { username }, BUILDER_NOW);
        if (renamed.ok) known.set(someone.id, { ...someone, username });
        version.value += 1;
      } else if (roll === 2) {
        const role = someone.role === 'user' ? 'admin' : 'user';
        raw.prepare('UPDATE users SET role = ? WHERE id = ?').run(role, someone.id);
        known.set(someone.id, { ...someone, role });
        version.value += 1;
      } else if (roll === 3) {
        const email = `moved${step}@example.${random.pick(['com', 'org'])}`;
        raw.prepare('UPDATE users SET email = ?, email_key = ? WHERE id = ?').run(email, email, someone.id);
        known.set(someone.id, { ...someone, email });
        version.value += 1;
      } else if (roll === 4) {
        await writer.users.recordLogin(someone.id, minutesAfter(BUILDER_NOW, step));
      } else {
        const search = random.pick(needles);
        const limit = random.integer(1, 12);
        const expected = scannedCustomerIds([...known.values()], search);
        const pages = Math.max(1, Math.ceil(expected.length / limit));
        const pageNumber = random.integer(1, pages + 1);
        const answered = await users.listCustomers({ search }, { page: pageNumber, limit });
        expect(
          { ids: idsOf(answered), total: answered.total },
          `step ${step}: ${search} page ${pageNumber} of ${limit}`,
        ).toEqual({
          ids: expected.slice((pageNumber - 1) * limit, pageNumber * limit),
          total: expected.length,
        });
      }
    }
  });
});
