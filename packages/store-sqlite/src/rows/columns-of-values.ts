/**
 * The row object of `columns` from a raw (array) result, starting at `offset`: better-sqlite3
 * builds a row object by interning each column name per row, which costs more than the read.
 * Null when the row's first column (its key) is null, as a LEFT JOIN answers a missing row, or
 * absent.
 */
export const rowOfValues = <Row>(
  columns: readonly string[],
  values: readonly unknown[],
  offset: number,
): Row | null => {
  if ((values[offset] ?? null) === null) return null;
  const row: Record<string, unknown> = {};
  for (let index = 0; index < columns.length; index += 1)
    row[columns[index] as string] = values[offset + index];
  return row as Row;
};

/** A column list as a statement needs it, each name qualified by the table's alias. */
export const qualifiedColumns = (alias: string, columns: readonly string[]): string =>
  columns.map((column) => `${alias}.${column}`).join(', ');
