// Writes the API's OpenAPI document to docs/openapi.json, built from the route schemas exactly as
// packages/api/test/docs/openapi-export.test.ts builds it (that test fails when the two differ).
// Needs tsx and the source condition; tsx is installed in packages/api, hence the run command:
//   pnpm --dir packages/api exec node --conditions=@trx-shop/source --import tsx ../../scripts/export-openapi.mjs
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  COMMITTED_OPENAPI_URL,
  formatOpenApiDocument,
  generateOpenApiDocument,
} from '../packages/api/test/docs/openapi-document.ts';

const document = await generateOpenApiDocument();
await writeFile(COMMITTED_OPENAPI_URL, formatOpenApiDocument(document));
console.log(`wrote ${fileURLToPath(COMMITTED_OPENAPI_URL)}`);
