import type { Database, RunResult } from 'better-sqlite3';

/**
 * An INSERT of `columns` whose values are bound by position from a row object, since
 * better-sqlite3 binds a named parameter by looking its name up on the object, row after row, on
 * the deposit scanner's many small writes (a ledger line and its event per deposit). `suffix`
 * follows the VALUES list (a conflict clause).
 */
export const positionalInsert = <Row extends object>(
  db: Database,
  table: string,
  columns: readonly (keyof Row & string)[],
  suffix = '',
): ((row: Row) => RunResult) => {
  const statement = db.prepare<unknown[]>(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})${suffix}`,
  );
  // One array reused: a run is synchronous and binds the values before it returns.
  const values: unknown[] = new Array(columns.length);
  return (row) => {
    for (let index = 0; index < columns.length; index += 1) {
      values[index] = row[columns[index] as keyof Row];
    }
    return statement.run(values);
  };
};
