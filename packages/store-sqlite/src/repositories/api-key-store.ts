import type { ApiKeyStore } from '@trx-shop/domain';
import { API_KEY_COLUMN_LIST, type ApiKeyRow, apiKeyFromRow, apiKeyToRow } from '../rows/api-key-row.js';
import { type Database, immediate } from '../sqlite-database.js';
import { createEventWriter } from './event-writer.js';

const COLUMNS = API_KEY_COLUMN_LIST.join(', ');

export const API_KEY_SQL = {
  /** A clash on the id (primary key) or the hash (UNIQUE) throws: neither is ever skipped. */
  insert: `INSERT INTO api_keys (${COLUMNS}) VALUES (${API_KEY_COLUMN_LIST.map((column) => `@${column}`).join(', ')})`,
  byHash: `SELECT ${COLUMNS} FROM api_keys WHERE hash = ?`,
  byId: `SELECT ${COLUMNS} FROM api_keys WHERE id = ?`,
  /** Newest first, ties by id: `api_keys_created` walked backwards. */
  list: `SELECT ${COLUMNS} FROM api_keys ORDER BY created_at DESC, id DESC`,
  /** Only the first revocation writes: a revoked key keeps its time. */
  revoke: 'UPDATE api_keys SET revoked_at = @at WHERE id = @id AND revoked_at IS NULL',
  /**
   * One guarded statement, so concurrent uses (also from other processes, serialized on the write
   * lock) leave the latest: an older or equal `at` matches nothing.
   */
  touch:
    'UPDATE api_keys SET last_used_at = @at WHERE id = @id AND (last_used_at IS NULL OR last_used_at < @at)',
} as const;

export const createSqliteApiKeyStore = (db: Database): ApiKeyStore => {
  // Every request with an API key reads it by hash and touches it: prepare each statement once.
  const insert = db.prepare<[ApiKeyRow]>(API_KEY_SQL.insert);
  const byHash = db.prepare<[string], ApiKeyRow>(API_KEY_SQL.byHash);
  const byId = db.prepare<[string], ApiKeyRow>(API_KEY_SQL.byId);
  const list = db.prepare<[], ApiKeyRow>(API_KEY_SQL.list);
  const revoke = db.prepare<[{ id: string; at: number }]>(API_KEY_SQL.revoke);
  const touch = db.prepare<[{ id: string; at: number }]>(API_KEY_SQL.touch);
  const logEvents = createEventWriter(db);

  const findById = (id: string) => {
    const row = byId.get(id);
    return row ? apiKeyFromRow(row) : null;
  };

  return {
    async insert(key, events) {
      // A refused insert throws inside the transaction, which takes its events back with it.
      return immediate(db, () => {
        insert.run(apiKeyToRow(key));
        logEvents(events);
        return key;
      });
    },

    async findByHash(hash) {
      const row = byHash.get(hash);
      return row ? apiKeyFromRow(row) : null;
    },

    async findById(id) {
      return findById(id);
    },

    async list() {
      return list.all().map(apiKeyFromRow);
    },

    async revoke(id, at, events) {
      // The read after the guarded write sees the revocation that won, this one or an earlier one;
      // only the write that revoked logs the events.
      return immediate(db, () => {
        if (revoke.run({ id, at: at.getTime() }).changes === 1) logEvents(events);
        return findById(id);
      });
    },

    async touch(id, at) {
      touch.run({ id, at: at.getTime() });
    },
  };
};
