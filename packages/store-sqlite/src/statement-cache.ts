import type { Statement } from 'better-sqlite3';
import type { Database } from './sqlite-database.js';

/**
 * Prepares each distinct SQL text once per connection. Queries built from a filter shape have
 * a handful of texts, and preparing one costs as much as running a small page query.
 */
export const createStatementCache = (db: Database) => {
  const prepared = new Map<string, unknown>();
  return <Params extends unknown[] | Record<string, unknown> = unknown[], Row = unknown>(
    sql: string,
  ): Statement<Params, Row> => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = db.prepare<Params, Row>(sql);
      prepared.set(sql, statement);
    }
    return statement as Statement<Params, Row>;
  };
};
