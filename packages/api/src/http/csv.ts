/** Cells a spreadsheet would run as a formula when they start a text cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: always double-quoted, inner quotes doubled. Text cells that a spreadsheet would
 * evaluate (`=`, `+`, `-`, `@`, tab, CR first) get a leading `'` (formula injection, OWASP).
 */
export const csvCell = (value: string, kind: 'text' | 'number' = 'text'): string => {
  const guarded = kind === 'text' && FORMULA_START.test(value) ? `'${value}` : value;
  return `"${guarded.replaceAll('"', '""')}"`;
};

/** A CSV line with CRLF, as RFC 4180 has it. */
export const csvLine = (cells: readonly string[]): string => `${cells.join(',')}\r\n`;

/** A whole CSV file as an export writes it (strings are text cells, numbers number cells): an example of one. */
export const csvFile = (rows: readonly (readonly (string | number)[])[]): string =>
  rows
    .map((cells) =>
      csvLine(
        cells.map((cell) => (typeof cell === 'number' ? csvCell(String(cell), 'number') : csvCell(cell))),
      ),
    )
    .join('');
