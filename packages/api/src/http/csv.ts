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
