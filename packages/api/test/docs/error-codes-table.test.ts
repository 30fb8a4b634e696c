import { readFileSync } from 'node:fs';
import { ERROR_CODES } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';

/*
 * Every code the service can emit is documented (issue 15, item 2): the rows of docs/api.md's
 * "Errors" table name exactly the domain's list of codes.
 */

const apiDoc = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');

const documentedCodes = (): string[] => {
  const section = apiDoc.slice(
    apiDoc.indexOf('## Errors'),
    apiDoc.indexOf('\n## ', apiDoc.indexOf('## Errors') + 1),
  );
  const rows = section.split('\n').filter((line) => /^\| \d{3} \|/.test(line));
  return rows.flatMap((row) => {
    const codeCell = row.split('|')[2] ?? '';
    return [...codeCell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1] ?? '');
  });
};

describe("docs/api.md's error table", () => {
  it('lists every error code of the domain, and no other', () => {
    // A code may have a row per status it is answered with (INVALID_TWO_FACTOR_CODE: 400 and 401).
    const documented = new Set(documentedCodes());
    expect([...documented].sort()).toEqual([...ERROR_CODES].sort());
  });
});
