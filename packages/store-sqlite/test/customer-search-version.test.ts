import { BUILDER_NOW, buildUser, minutesAfter } from '@trx-shop/store-contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/sqlite-database.js';
import { openMemoryUsers, versionRowOf } from './version-row.js';

/*
 * The customer search version: the caching layer keeps a search's matches under it, so it must
 * move with every write that can change whom a search matches, on any connection.
 */

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const versionOf = (db: Database): string => versionRowOf(db, 'customer-search');

describe('the customer search version', () => {
  it('moves with every write that can change whom a search matches, and with no other', async () => {
    const { db, users } = openMemoryUsers(cleanups);
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
