// Turns docs/openapi.json into the TypeScript types the client is typed with. The `generate`
// script writes them to src/generated/openapi.ts; a test regenerates them in memory and
// compares, so the committed file never drifts from the document.
import { readFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';

export const DOCUMENT_URL = new URL('../../../docs/openapi.json', import.meta.url);
export const GENERATED_URL = new URL('../src/generated/openapi.ts', import.meta.url);
export const GENERATE_COMMAND = 'pnpm --filter @trx-shop/client generate';

const HEADER = `/*
 * Generated from docs/openapi.json by openapi-typescript; do not edit by hand.
 * Regenerate with \`${GENERATE_COMMAND}\` (a test fails while this file is out of date).
 */

`;

/** The text of src/generated/openapi.ts for the document as it is now. */
export const generateTypes = async () => {
  const document = JSON.parse(await readFile(DOCUMENT_URL, 'utf8'));
  return HEADER + astToString(await openapiTS(document));
};
