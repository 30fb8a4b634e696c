import type { Database } from 'better-sqlite3';
import type { User } from '@trx-shop/domain';
import { userToRow } from '../src/rows/user-row.js';

/**
 * Inserts a user into a file migrated only so far: the columns its `users` table has then (a later
 * migration's columns, such as `email_verified`, are left for that migration to add).
 */
export const insertUserAtVersion = (db: Database, user: User): void => {
  const present = new Set(
    db
      .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)')
      .all('users')
      .map((column) => column.name),
  );
  const row = Object.fromEntries(Object.entries(userToRow(user)).filter(([column]) => present.has(column)));
  const columns = Object.keys(row);
  db.prepare(
    `INSERT INTO users (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
  ).run(row);
};
