import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const newWorkDir = (label: string): string => mkdtempSync(join(tmpdir(), `trx-shop-bench-${label}-`));
