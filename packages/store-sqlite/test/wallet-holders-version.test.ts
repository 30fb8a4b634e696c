import type { User } from '@trx-shop/domain';
import { BUILDER_NOW, buildUser, minutesAfter } from '@trx-shop/store-contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/sqlite-database.js';
import { openMemoryUsers, versionRowOf } from './version-row.js';

/*
 * The wallet holders version: the caching layer remembers the addresses found held by
 * no one under it, so it must move with every write that gives an address a holder.
 */

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const versionOf = (db: Database): string => versionRowOf(db, 'wallet-holders');

const withWallet = (address: string | null): User => {
  const user = buildUser();
  return { ...user, wallet: { ...user.wallet, address } };
};

const address = (n: number) => `T${String(n).padStart(33, 'k')}`;

describe('the wallet holders version', () => {
  it('moves with every write that gives an address a holder, and with no other', async () => {
    const { db, users } = openMemoryUsers(cleanups);
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
