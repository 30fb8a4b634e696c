import type { SessionStore } from '@trx-shop/domain';
import { qualifiedColumns, rowOfValues } from '../rows/columns-of-values.js';
import { SESSION_COLUMN_NAMES, type SessionRow, sessionFromRow, sessionToRow } from '../rows/session-row.js';
import { USER_COLUMN_NAMES, type UserRow, userFromRow } from '../rows/user-row.js';
import type { Database } from '../sqlite-database.js';
import { createStatementCache } from '../statement-cache.js';

const WITH_USER_SELECT = `SELECT ${qualifiedColumns('s', SESSION_COLUMN_NAMES)}, ${qualifiedColumns('u', USER_COLUMN_NAMES)}`;
const WITH_USER_FROM = 'FROM (SELECT 1) LEFT JOIN sessions s ON s.id = ? LEFT JOIN users u ON u.id = ?';

export const SESSION_SQL = {
  insert:
    `INSERT INTO sessions (${SESSION_COLUMN_NAMES.join(', ')}) ` +
    `VALUES (${SESSION_COLUMN_NAMES.map((column) => `@${column}`).join(', ')})`,
  byId: 'SELECT * FROM sessions WHERE id = ?',
  byUser: 'SELECT * FROM sessions WHERE user_id = ? ORDER BY last_active DESC, id DESC',
  // One row whatever exists: each side of the outer joins is a primary-key probe.
  withUser: `${WITH_USER_SELECT} ${WITH_USER_FROM}`,
} as const;

/** SQLite allows 32766 bound parameters; batches stay far below (and reuse few statements). */
const IDS_PER_QUERY = 200;

export const createSqliteSessionStore = (db: Database): SessionStore => {
  // Every authenticated request reads its session: prepare each statement once.
  const statement = createStatementCache(db);
  const withUser = db.prepare<[string, string], unknown[]>(SESSION_SQL.withUser).raw();
  return {
    async insert(session) {
      statement(SESSION_SQL.insert).run(sessionToRow(session));
      return session;
    },

    async findById(id) {
      const row = statement<[string], SessionRow>(SESSION_SQL.byId).get(id);
      return row ? sessionFromRow(row) : null;
    },

    async findWithUser(sessionId, userId) {
      // Always one row (the outer joins); an empty one would read as neither found.
      const values = withUser.get(sessionId, userId) ?? [];
      const sessionRow = rowOfValues<SessionRow>(SESSION_COLUMN_NAMES, values, 0);
      const userRow = rowOfValues<UserRow>(USER_COLUMN_NAMES, values, SESSION_COLUMN_NAMES.length);
      const session = sessionRow && sessionFromRow(sessionRow);
      const user = userRow && userFromRow(userRow);
      return { session, user };
    },

    async listByUser(userId) {
      return statement<[string], SessionRow>(SESSION_SQL.byUser).all(userId).map(sessionFromRow);
    },

    async touch(id, at) {
      statement('UPDATE sessions SET last_active = ? WHERE id = ?').run(at.getTime(), id);
    },

    async rotateRefreshToken(id, expectedTokenId, nextTokenId, at) {
      const result = statement(
        'UPDATE sessions SET refresh_token_id = ?, last_active = ? WHERE id = ? AND refresh_token_id = ? AND is_active = 1',
      ).run(nextTokenId, at.getTime(), id, expectedTokenId);
      return result.changes === 1;
    },

    async deactivate(id) {
      statement('UPDATE sessions SET is_active = 0 WHERE id = ?').run(id);
    },

    async inactiveAmong(ids) {
      const active = new Set<string>();
      for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
        const slice = ids.slice(start, start + IDS_PER_QUERY);
        const placeholders = slice.map(() => '?').join(', ');
        const rows = statement<string[], { id: string }>(
          `SELECT id FROM sessions WHERE is_active = 1 AND id IN (${placeholders})`,
        ).all(...slice);
        for (const row of rows) active.add(row.id);
      }
      return ids.filter((id) => !active.has(id));
    },

    async deactivateOthers(userId, keepId) {
      return statement(
        'UPDATE sessions SET is_active = 0 WHERE user_id = ? AND is_active = 1 AND id IS NOT ?',
      ).run(userId, keepId).changes;
    },
  };
};
