import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let runRoot: string | null = null;

/** A fresh directory under this run's root (data sets reach hundreds of MB at 1M orders). */
export const newWorkDir = (label: string): string => {
  runRoot ??= mkdtempSync(join(tmpdir(), 'trx-shop-bench-'));
  const dir = mkdtempSync(join(runRoot, `${label}-`));
  mkdirSync(dir, { recursive: true });
  return dir;
};

/** Deletes every directory this run made. */
export const removeWorkDirs = (): void => {
  if (runRoot) rmSync(runRoot, { recursive: true, force: true });
  runRoot = null;
};
