import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ServiceSecrets {
  readonly jwtAccess: string;
  readonly jwtRefresh: string;
  /** 64 hex characters: the AES-256 master key for wallet keys and TOTP secrets. */
  readonly walletKey: string;
}

type Given = {
  readonly jwtAccess: string | null;
  readonly jwtRefresh: string | null;
  readonly walletKey: string | null;
};

export const SECRETS_FILE = 'secrets.json';

const isServiceSecrets = (value: unknown): value is ServiceSecrets =>
  typeof value === 'object' &&
  value !== null &&
  ['jwtAccess', 'jwtRefresh', 'walletKey'].every(
    (key) => typeof (value as Record<string, unknown>)[key] === 'string',
  );

/**
 * Outside production, secrets nobody configured are generated once and kept in DATA_DIR (mode
 * 0600), so restarts keep sessions valid and wallet keys readable. Configured values always win.
 */
export const loadOrCreateSecrets = async (dataDir: string, given: Given): Promise<ServiceSecrets> => {
  const path = join(dataDir, SECRETS_FILE);
  let stored: ServiceSecrets | null = null;
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (isServiceSecrets(parsed)) stored = parsed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (!stored) {
    stored = {
      jwtAccess: randomBytes(48).toString('base64url'),
      jwtRefresh: randomBytes(48).toString('base64url'),
      walletKey: randomBytes(32).toString('hex'),
    };
    await mkdir(dataDir, { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, path);
  }
  return {
    jwtAccess: given.jwtAccess ?? stored.jwtAccess,
    jwtRefresh: given.jwtRefresh ?? stored.jwtRefresh,
    walletKey: given.walletKey ?? stored.walletKey,
  };
};

/** Production takes every secret from the environment; elsewhere missing ones come from DATA_DIR. */
export const resolveSecrets = async (config: {
  readonly production: boolean;
  readonly dataDir: string;
  readonly secrets: Given;
}): Promise<ServiceSecrets> => {
  const { jwtAccess, jwtRefresh, walletKey } = config.secrets;
  if (config.production && jwtAccess && jwtRefresh && walletKey) return { jwtAccess, jwtRefresh, walletKey };
  return loadOrCreateSecrets(config.dataDir, config.secrets);
};
