import type { Database } from 'better-sqlite3';

export type { Database };

/** SQLite stores booleans as 0/1. */
export const flag = (value: boolean): number => (value ? 1 : 0);

export const dateOrNull = (value: number | null): Date | null => (value === null ? null : new Date(value));

/**
 * Runs `work` in a BEGIN IMMEDIATE transaction: the write lock is taken up front, so a
 * read-then-write sequence cannot be interleaved by another connection, and concurrent writers
 * wait on busy_timeout instead of failing with SQLITE_BUSY when upgrading a read lock.
 */
export const immediate = <T>(db: Database, work: () => T): T => db.transaction(work).immediate();

export const isUniqueViolation = (error: unknown): error is Error & { code: string } =>
  error instanceof Error &&
  'code' in error &&
  (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY');

/**
 * A unique violation of exactly these columns, as SQLite names them (`table.column`, comma-separated
 * for a composite key): a write that can clash on more than one key tells them apart.
 */
export const isUniqueViolationOf = (error: unknown, columns: string): error is Error & { code: string } =>
  isUniqueViolation(error) && error.message === `UNIQUE constraint failed: ${columns}`;
