// `pnpm --filter @trx-shop/client generate`: rewrites src/generated/openapi.ts from docs/openapi.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { GENERATED_URL, generateTypes } from './openapi-types.mjs';

await mkdir(new URL('.', GENERATED_URL), { recursive: true });
await writeFile(GENERATED_URL, await generateTypes());
console.log(`wrote ${fileURLToPath(GENERATED_URL)}`);
