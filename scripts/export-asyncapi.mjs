// Writes docs/asyncapi.yaml from the frame and webhook schemas the code uses (the drift test in
// packages/api/test/docs/asyncapi.test.ts fails when the two differ). Run as openapi:export is.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ASYNCAPI_URL, formatAsyncApi } from '../packages/api/test/docs/asyncapi-file.ts';
import { asyncApiDocument } from '../packages/api/src/docs/asyncapi-document.ts';

await writeFile(ASYNCAPI_URL, formatAsyncApi(asyncApiDocument()));
console.log(`wrote ${fileURLToPath(ASYNCAPI_URL)}`);
