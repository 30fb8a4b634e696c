import type { AccountToken, AccountTokenKind, AccountTokenStore } from '@trx-shop/domain';
import type { Database } from '../sqlite-database.js';

interface AccountTokenRow {
  user_id: string;
  kind: string;
  id: string;
  token_hash: string;
  email: string;
  created_at: number;
  expires_at: number;
}

const COLUMNS = 'user_id, kind, id, token_hash, email, created_at, expires_at';

export const ACCOUNT_TOKEN_SQL = {
  /** One statement: the (user, kind) key's older token is gone in the same write. */
  replace:
    `INSERT INTO account_tokens (${COLUMNS}) ` +
    'VALUES (@user_id, @kind, @id, @token_hash, @email, @created_at, @expires_at) ' +
    'ON CONFLICT (user_id, kind) DO UPDATE SET id = excluded.id, token_hash = excluded.token_hash, ' +
    'email = excluded.email, created_at = excluded.created_at, expires_at = excluded.expires_at',
  /** One DELETE ... RETURNING: of two connections presenting one token, one gets the row. */
  consume: `DELETE FROM account_tokens WHERE token_hash = ? AND kind = ? AND expires_at > ? RETURNING ${COLUMNS}`,
  byUser: `SELECT ${COLUMNS} FROM account_tokens WHERE user_id = ? AND kind = ?`,
} as const;

const tokenFromRow = (row: AccountTokenRow): AccountToken => ({
  id: row.id,
  userId: row.user_id,
  kind: row.kind as AccountTokenKind,
  tokenHash: row.token_hash,
  email: row.email,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
});

export const createSqliteAccountTokenStore = (db: Database): AccountTokenStore => {
  const replace = db.prepare<[AccountTokenRow]>(ACCOUNT_TOKEN_SQL.replace);
  const consume = db.prepare<[string, string, number], AccountTokenRow>(ACCOUNT_TOKEN_SQL.consume);
  const byUser = db.prepare<[string, string], AccountTokenRow>(ACCOUNT_TOKEN_SQL.byUser);
  return {
    async replace(token) {
      replace.run({
        user_id: token.userId,
        kind: token.kind,
        id: token.id,
        token_hash: token.tokenHash,
        email: token.email,
        created_at: token.createdAt.getTime(),
        expires_at: token.expiresAt.getTime(),
      });
    },
    async consume(kind, tokenHash, now) {
      const row = consume.get(tokenHash, kind, now.getTime());
      return row ? tokenFromRow(row) : null;
    },
    async findByUser(userId, kind) {
      const row = byUser.get(userId, kind);
      return row ? tokenFromRow(row) : null;
    },
  };
};
