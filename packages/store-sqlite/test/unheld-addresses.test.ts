import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { User } from '@trx-shop/domain';
import { BUILDER_NOW, buildUser, minutesAfter } from '@trx-shop/store-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';
import { createSqliteUserStore } from '../src/repositories/user-store.js';
import { createUnheldAddresses } from '../src/repositories/unheld-addresses.js';
import { migrate } from '../src/schema/migrate.js';
import type { Database } from '../src/sqlite-database.js';
import { SqliteDatabase } from '../src/sqlite-driver.js';
import { versionRowOf } from './version-row.js';

/*
 * Migration 23's wallet holders version and the addresses a connection remembers by it as held by
 * no one: a remembered answer stands only while no write could have given one of them a holder,
 * on this connection or any other.
 */

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const openMemoryUsers = (log?: string[]) => {
  const db = new SqliteDatabase(':memory:', {
    ...(log ? { verbose: (message: unknown) => log.push(String(message)) } : {}),
  });
  cleanups.push(() => {
    db.close();
  });
  migrate(db);
  return { db, users: createSqliteUserStore(db) };
};

const versionOf = (db: Database): string => versionRowOf(db, 'wallet-holders');

const withWallet = (address: string | null): User => {
  const user = buildUser();
  return { ...user, wallet: { ...user.wallet, address } };
};

const address = (n: number) => `T${String(n).padStart(33, 'k')}`;

describe('the wallet holders version (migration 23)', () => {
  it('moves with every write that gives an address a holder, and with no other', async () => {
    const { db, users } = openMemoryUsers();
    const moves = async (write: () => unknown): Promise<boolean> => {
      const before = versionOf(db);
      await write();
      return versionOf(db) !== before;
    };
    const walletless = withWallet(null);

    expect(await moves(() => users.insert(withWallet(address(1))))).toBe(true);
    expect(await moves(() => users.insert(walletless))).toBe(false);
    expect(await moves(() => users.updateProfile(walletless.id, { phone: '+1 555 0100' }, BUILDER_NOW))).toBe(
      false,
    );
    expect(await moves(() => users.recordLogin(walletless.id, minutesAfter(BUILDER_NOW, 1)))).toBe(false);
    // No port sets an address after sign-up; the schema can, and the triggers follow it.
    const setAddress = (value: string | null) => () =>
      db.prepare('UPDATE users SET wallet_address = ? WHERE id = ?').run(value, walletless.id);
    expect(await moves(setAddress(address(2)))).toBe(true);
    expect(await moves(setAddress(address(2)))).toBe(false);
    expect(await moves(setAddress(address(3)))).toBe(true);
    expect(await moves(setAddress(null))).toBe(false);
    expect(await moves(() => db.prepare('DELETE FROM users WHERE id = ?').run(walletless.id))).toBe(false);
  });
});

describe('addresses remembered as held by no one', () => {
  it('asks the address index only for addresses not already found unheld, until a holder is given', async () => {
    const log: string[] = [];
    const { users } = openMemoryUsers(log);
    const holder = withWallet(address(10));
    await users.insert(holder);
    const holdersProbes = async (addresses: string[]) => {
      log.length = 0;
      const holders = await users.walletHolders(addresses);
      return { holders, probes: log.filter((sql) => sql.includes('json_each')).length };
    };
    const asked = [address(10), address(11), address(12)];
    const expected = [{ userId: holder.id, address: address(10) }];

    expect(await holdersProbes(asked)).toEqual({ holders: expected, probes: 1 });
    // The holder is probed again (it is never remembered); the two unheld ones are not.
    expect(await holdersProbes([address(11), address(12)])).toEqual({ holders: [], probes: 0 });
    expect(await holdersProbes(asked)).toEqual({ holders: expected, probes: 1 });
    await users.insert(withWallet(address(13)));
    expect(await holdersProbes([address(11), address(12)])).toEqual({ holders: [], probes: 1 });
  });

  it('finds a holder given after its address was found unheld, on this connection or another', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'unheld-'));
    cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
    const filename = join(directory, 'shop.sqlite');
    const first = await openSqliteStore({ filename });
    cleanups.push(() => first.close());
    const second = await openSqliteStore({ filename });
    cleanups.push(() => second.close());
    const asked = [address(20), address(21), address(22)];
    expect(await first.users.walletHolders(asked)).toEqual([]);
    expect(await second.users.walletHolders(asked)).toEqual([]);

    const elsewhere = withWallet(address(20));
    expect((await second.users.insert(elsewhere)).ok).toBe(true);
    expect(await first.users.walletHolders(asked)).toEqual([{ userId: elsewhere.id, address: address(20) }]);

    const here = withWallet(address(21));
    expect((await first.users.insert(here)).ok).toBe(true);
    const found = await first.users.walletHolders(asked);
    expect([...found].sort((a, b) => a.address.localeCompare(b.address))).toEqual([
      { userId: elsewhere.id, address: address(20) },
      { userId: here.id, address: address(21) },
    ]);
    expect(await second.users.walletHolders([address(21), address(22)])).toEqual([
      { userId: here.id, address: address(21) },
    ]);
  });
});

describe('createUnheldAddresses', () => {
  it('keeps two generations, carries an address asked again into the newer, and forgets all at another version', () => {
    const unheld = createUnheldAddresses(2);
    expect(unheld.unknownAt('v1', ['a', 'b'])).toEqual(['a', 'b']);
    unheld.remember('v1', ['a', 'b']); // newer {a, b}
    unheld.remember('v1', ['c']); // older {a, b}, newer {c}
    expect(unheld.unknownAt('v1', ['a'])).toEqual([]); // a carried: newer {c, a}
    unheld.remember('v1', ['d']); // older {c, a}, newer {d}: b is forgotten
    expect(unheld.unknownAt('v1', ['b', 'x'])).toEqual(['b', 'x']);
    expect(unheld.unknownAt('v1', ['a', 'c', 'd'])).toEqual([]);
    // What was read at another version is not taken, and a new version forgets everything.
    unheld.remember('v0', ['x']);
    expect(unheld.unknownAt('v1', ['x'])).toEqual(['x']);
    expect(unheld.unknownAt('v2', ['a', 'd'])).toEqual(['a', 'd']);
  });
});
