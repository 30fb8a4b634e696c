import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reads `.env` from the working directory with Node's own loader, if there is one. Variables set
 * in the real environment win over the file (a deployment's settings are never overridden by a
 * file left behind); the values then go through the same validation as any other.
 */
export const loadDotEnv = (directory: string = process.cwd()): boolean => {
  const file = join(directory, '.env');
  if (!existsSync(file)) return false;
  const given = { ...process.env };
  process.loadEnvFile(file);
  Object.assign(process.env, given);
  return true;
};
