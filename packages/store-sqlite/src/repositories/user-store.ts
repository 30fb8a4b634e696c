import {
  type SealedSecretSample,
  type ShopEvent,
  type DomainError,
  domainError,
  err,
  ok,
  type Result,
  type TwoFactorState,
  type User,
  type UserProfilePatch,
  type UserStore,
  type WalletHolder,
} from '@trx-shop/domain';
import { caseKey, USER_COLUMNS, type UserRow, userFromRow, userToRow } from '../rows/user-row.js';
import { type Database, flag, immediate, isUniqueViolation } from '../sqlite-database.js';
import { createStatementCache } from '../statement-cache.js';
import { createEventWriter } from './event-writer.js';

export const USER_SQL = {
  byId: `SELECT ${USER_COLUMNS} FROM users WHERE id = ?`,
  byEmailKey: `SELECT ${USER_COLUMNS} FROM users WHERE email_key = ?`,
  /**
   * The addresses come as one JSON array, so a batch of 1,200 addresses is one statement prepared
   * once (a statement text per batch size cost a prepare per batch). SQLite turns the list into a
   * sorted set and probes the wallet index in its order: an address given twice is looked up
   * once, and each probe finds the pages the one before it read still cached.
   */
  byWalletAddresses: `SELECT ${USER_COLUMNS} FROM users WHERE wallet_address IN (SELECT value FROM json_each(?))`,
  /**
   * The same probes in the holders index, which holds the id beside the address, so no user row
   * is read. Named, because the planner prefers the address index, which does not hold the id.
   */
  walletHolders:
    'SELECT id AS userId, wallet_address AS address FROM users INDEXED BY users_wallet_holders ' +
    'WHERE wallet_address IN (SELECT value FROM json_each(?))',
  idByEmailKey: 'SELECT id FROM users WHERE email_key = ?',
  idByUsernameKey: 'SELECT id FROM users WHERE username_key = ?',
  withWalletKeys:
    `SELECT ${USER_COLUMNS} FROM users WHERE id > ? AND wallet_encrypted_key IS NOT NULL ` +
    'ORDER BY id LIMIT ?',
  firstAdmin: `SELECT ${USER_COLUMNS} FROM users WHERE role = 'admin' ORDER BY created_at, id LIMIT 1`,
  admins: `SELECT ${USER_COLUMNS} FROM users WHERE role = 'admin' ORDER BY created_at, id`,
  /** Changes a row only when the flag flips: that is what tells setActive to write its events. */
  flipActive:
    'UPDATE users SET is_active = @is_active, updated_at = @at WHERE id = @id AND is_active <> @is_active ' +
    `RETURNING ${USER_COLUMNS}`,
  touch: `UPDATE users SET updated_at = @at WHERE id = @id RETURNING ${USER_COLUMNS}`,
} as const;

const INSERT_USER = `INSERT INTO users (${USER_COLUMNS}) VALUES (${USER_COLUMNS.split(', ')
  .map((column) => `@${column}`)
  .join(', ')})`;

/** The lowest possible id, so "after null" and "after an id" share one indexed query. */
const BEFORE_ALL_IDS = '';

export type BasicUserStore = Omit<
  UserStore,
  'listCustomers' | 'customerIdsMatching' | 'customersByIds' | 'customerStats' | 'streamCustomers'
>;

export const createSqliteUserStore = (db: Database): BasicUserStore => {
  const byId = db.prepare<[string], UserRow>(USER_SQL.byId);
  const idByEmailKey = db.prepare<[string], { id: string }>(USER_SQL.idByEmailKey);
  const idByUsernameKey = db.prepare<[string], { id: string }>(USER_SQL.idByUsernameKey);
  const insert = db.prepare(INSERT_USER);
  const byWalletAddresses = db.prepare<[string], UserRow>(USER_SQL.byWalletAddresses);
  const walletHolders = db.prepare<[string], WalletHolder>(USER_SQL.walletHolders);
  const flipActive = db.prepare<[Record<string, unknown>], UserRow>(USER_SQL.flipActive);
  const touch = db.prepare<[Record<string, unknown>], UserRow>(USER_SQL.touch);
  const logEvents = createEventWriter(db);
  const statement = createStatementCache(db);
  const find = (id: string): User | null => {
    const row = byId.get(id);
    return row ? userFromRow(row) : null;
  };
  const updateReturning = (sql: string, ...params: unknown[]): User | null => {
    const row = statement<unknown[], UserRow>(`${sql} RETURNING ${USER_COLUMNS}`).get(...params);
    return row ? userFromRow(row) : null;
  };
  /** Runs a write and logs its events in its transaction, only when it found its user. */
  const withEvents = <T>(events: readonly ShopEvent[] | undefined, write: () => T | null): T | null => {
    if (!events?.length) return write();
    return immediate(db, () => {
      const written = write();
      if (written !== null) logEvents(events);
      return written;
    });
  };

  return {
    async insert(user: User): Promise<Result<User, DomainError<'EMAIL_TAKEN' | 'USERNAME_TAKEN'>>> {
      const row = userToRow(user);
      // The unique indexes enforce both rules; the lookups only choose which code to answer.
      return immediate(db, () => {
        if (idByEmailKey.get(row.email_key))
          return err(domainError('EMAIL_TAKEN', 'Email already registered'));
        if (idByUsernameKey.get(row.username_key))
          return err(domainError('USERNAME_TAKEN', 'Username already exists'));
        insert.run(row);
        return ok(user);
      });
    },

    async findById(id) {
      return find(id);
    },

    async findByWalletAddresses(addresses) {
      if (addresses.length === 0) return [];
      return byWalletAddresses.all(JSON.stringify(addresses)).map(userFromRow);
    },

    async walletHolders(addresses) {
      if (addresses.length === 0) return [];
      return walletHolders.all(JSON.stringify(addresses));
    },

    async findByEmail(email) {
      const row = statement<[string], UserRow>(USER_SQL.byEmailKey).get(caseKey(email));
      return row ? userFromRow(row) : null;
    },

    async updateProfile(
      id: string,
      patch: UserProfilePatch,
      at: Date,
    ): Promise<Result<User, DomainError<'USER_NOT_FOUND' | 'USERNAME_TAKEN'>>> {
      const sets: string[] = ['updated_at = @updated_at'];
      const params: Record<string, unknown> = { id, updated_at: at.getTime() };
      if (patch.username !== undefined) {
        sets.push('username = @username', 'username_key = @username_key');
        params.username = patch.username;
        params.username_key = caseKey(patch.username);
      }
      if (patch.phone !== undefined) {
        sets.push('phone = @phone');
        params.phone = patch.phone;
      }
      if (patch.country !== undefined) {
        sets.push('country = @country');
        params.country = patch.country;
      }
      if (patch.externalWalletAddress !== undefined) {
        sets.push('wallet_external_address = @external');
        params.external = patch.externalWalletAddress;
      }
      try {
        const user = updateReturning(`UPDATE users SET ${sets.join(', ')} WHERE id = @id`, params);
        return user ? ok(user) : err(domainError('USER_NOT_FOUND', 'User not found'));
      } catch (error) {
        if (isUniqueViolation(error)) return err(domainError('USERNAME_TAKEN', 'Username already exists'));
        throw error;
      }
    },

    async changeEmail(id, email, at) {
      // The unique index enforces the rule; the lookup only answers the code without a failed write.
      return immediate(db, () => {
        const holder = idByEmailKey.get(caseKey(email));
        if (holder && holder.id !== id) return err(domainError('EMAIL_TAKEN', 'Email already registered'));
        const user = updateReturning(
          'UPDATE users SET email = ?, email_key = ?, email_verified = 0, updated_at = ? WHERE id = ?',
          email,
          caseKey(email),
          at.getTime(),
          id,
        );
        return user ? ok(user) : err(domainError('USER_NOT_FOUND', 'User not found'));
      });
    },

    async markEmailVerified(id, email, at) {
      return updateReturning(
        'UPDATE users SET email_verified = 1, updated_at = ? WHERE id = ? AND email_key = ?',
        at.getTime(),
        id,
        caseKey(email),
      );
    },

    async updatePasswordHash(id, passwordHash, at, events) {
      return withEvents(events, () =>
        updateReturning(
          'UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?',
          passwordHash,
          at.getTime(),
          id,
        ),
      );
    },

    async setActive(id, isActive, at, events) {
      const params = { id, is_active: flag(isActive), at: at.getTime() };
      return immediate(db, () => {
        const flipped = flipActive.get(params);
        if (flipped) {
          logEvents(events);
          return userFromRow(flipped);
        }
        // Already so (or no such user): still stamped as before, but nothing happened to announce.
        const same = touch.get(params);
        return same ? userFromRow(same) : null;
      });
    },

    async recordLogin(id, at, events) {
      withEvents(events, () =>
        statement('UPDATE users SET last_login = ? WHERE id = ?').run(at.getTime(), id).changes === 1
          ? true
          : null,
      );
    },

    async setTwoFactor(id: string, state: TwoFactorState, at: Date, events) {
      return withEvents(events, () =>
        updateReturning(
          'UPDATE users SET two_factor_enabled = ?, two_factor_secret = ?, two_factor_last_step = ?, updated_at = ? WHERE id = ?',
          flag(state.enabled),
          state.encryptedSecret,
          state.lastAcceptedStep,
          at.getTime(),
          id,
        ),
      );
    },

    async acceptTwoFactorStep(id, step) {
      const result = db
        .prepare(
          'UPDATE users SET two_factor_last_step = ? WHERE id = ? AND (two_factor_last_step IS NULL OR two_factor_last_step < ?)',
        )
        .run(step, id, step);
      return result.changes === 1;
    },

    async replaceWalletKey(id, expected, replacement) {
      const result = db
        .prepare('UPDATE users SET wallet_encrypted_key = ? WHERE id = ? AND wallet_encrypted_key = ?')
        .run(replacement, id, expected);
      return result.changes === 1;
    },

    async replaceTwoFactorSecret(id, expected, replacement) {
      const result = db
        .prepare('UPDATE users SET two_factor_secret = ? WHERE id = ? AND two_factor_secret = ?')
        .run(replacement, id, expected);
      return result.changes === 1;
    },

    async listWithTwoFactorSecrets(afterId, limit) {
      return db
        .prepare<[string, number], UserRow>(
          `SELECT ${USER_COLUMNS} FROM users WHERE two_factor_secret IS NOT NULL AND id > ? ORDER BY id LIMIT ?`,
        )
        .all(afterId ?? BEFORE_ALL_IDS, limit)
        .map(userFromRow);
    },

    async listWithWalletKeys(afterId, limit) {
      return db
        .prepare<[string, number], UserRow>(USER_SQL.withWalletKeys)
        .all(afterId ?? BEFORE_ALL_IDS, limit)
        .map(userFromRow);
    },

    async sealedSecretSamples() {
      const samples: SealedSecretSample[] = [];
      for (const [kind, column] of [
        ['wallet-key', 'wallet_encrypted_key'],
        ['totp-secret', 'two_factor_secret'],
      ] as const) {
        // One scan grouped by the key-id prefix: a handful of rows whatever the user count.
        const rows = db
          .prepare<[], { key_id: string; user_id: string }>(
            `SELECT substr(${column}, 1, instr(${column}, ':') - 1) AS key_id, MIN(id) AS user_id FROM users ` +
              `WHERE ${column} IS NOT NULL AND ${column} <> '' GROUP BY key_id`,
          )
          .all();
        for (const row of rows) {
          const sealed = db
            .prepare<[string], { sealed: string }>(`SELECT ${column} AS sealed FROM users WHERE id = ?`)
            .get(row.user_id)?.sealed;
          if (sealed) samples.push({ kind, keyId: row.key_id, userId: row.user_id, sealed });
        }
      }
      return samples;
    },

    async firstAdmin() {
      const row = statement<[], UserRow>(USER_SQL.firstAdmin).get();
      return row ? userFromRow(row) : null;
    },

    async listAdmins() {
      return statement<[], UserRow>(USER_SQL.admins).all().map(userFromRow);
    },
  };
};
