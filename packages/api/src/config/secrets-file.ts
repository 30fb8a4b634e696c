import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';

export interface ServiceSecrets {
  readonly jwtAccess: string;
  readonly jwtRefresh: string;
  /** 64 hex characters: the AES-256 master key for wallet keys and TOTP secrets. */
  readonly walletKey: string;
  /** Keys that sealed values may still name: the configured ones, then those the embedded file keeps. */
  readonly previousWalletKeys: readonly string[];
  /** Where `walletKey` came from; `keys:rotate` rewrites the embedded file only when it is the source. */
  readonly walletKeySource: 'environment' | 'file';
}

type Given = {
  readonly jwtAccess: string | null;
  readonly jwtRefresh: string | null;
  readonly walletKey: string | null;
  readonly previousWalletKeys: readonly string[];
};

/** The embedded file's content: generated secrets, plus the keys an embedded rotation replaced. */
export interface StoredSecrets {
  readonly jwtAccess: string;
  readonly jwtRefresh: string;
  readonly walletKey: string;
  readonly previousWalletKeys?: readonly string[];
}

export const SECRETS_FILE = 'secrets.json';

const isStoredSecrets = (value: unknown): value is StoredSecrets => {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const previous = record.previousWalletKeys;
  return (
    ['jwtAccess', 'jwtRefresh', 'walletKey'].every((key) => typeof record[key] === 'string') &&
    (previous === undefined || (Array.isArray(previous) && previous.every((key) => typeof key === 'string')))
  );
};

export const readStoredSecrets = async (dataDir: string): Promise<StoredSecrets | null> => {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(dataDir, SECRETS_FILE), 'utf8'));
    return isStoredSecrets(parsed) ? parsed : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return null;
  }
};

/**
 * Replaces the file so that a crash at any point leaves either the old content or the new one,
 * complete: a temporary file is written and flushed to disk, renamed over the old one, and the
 * directory is flushed so the rename itself survives a power cut.
 */
export const writeStoredSecrets = async (dataDir: string, secrets: StoredSecrets): Promise<void> => {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, SECRETS_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  const file = await open(temporary, 'w', 0o600);
  try {
    await file.writeFile(`${JSON.stringify(secrets, null, 2)}\n`);
    await file.chmod(0o600);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
  const directory = await open(dataDir, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
};

const unique = (keys: readonly string[]): string[] => [...new Set(keys.map((key) => key.toLowerCase()))];

/**
 * Outside production, secrets nobody configured are generated once and kept in DATA_DIR (mode
 * 0600), so restarts keep sessions valid and wallet keys readable. Configured values always win.
 */
export const loadOrCreateSecrets = async (dataDir: string, given: Given): Promise<ServiceSecrets> => {
  let stored = await readStoredSecrets(dataDir);
  if (!stored) {
    stored = {
      jwtAccess: randomBytes(48).toString('base64url'),
      jwtRefresh: randomBytes(48).toString('base64url'),
      walletKey: randomBytes(32).toString('hex'),
    };
    await writeStoredSecrets(dataDir, stored);
  }
  const walletKey = given.walletKey ?? stored.walletKey;
  // The file's own key stays openable when the environment overrides it: values it sealed remain.
  const fromFile = [...(stored.previousWalletKeys ?? []), stored.walletKey];
  return {
    jwtAccess: given.jwtAccess ?? stored.jwtAccess,
    jwtRefresh: given.jwtRefresh ?? stored.jwtRefresh,
    walletKey,
    previousWalletKeys: unique([...given.previousWalletKeys, ...fromFile]).filter(
      (key) => key !== walletKey.toLowerCase(),
    ),
    walletKeySource: given.walletKey === null ? 'file' : 'environment',
  };
};

/** Production takes every secret from the environment; elsewhere missing ones come from DATA_DIR. */
export const resolveSecrets = async (config: {
  readonly production: boolean;
  readonly dataDir: string;
  readonly secrets: Given;
}): Promise<ServiceSecrets> => {
  const { jwtAccess, jwtRefresh, walletKey, previousWalletKeys } = config.secrets;
  if (config.production && jwtAccess && jwtRefresh && walletKey) {
    return { jwtAccess, jwtRefresh, walletKey, previousWalletKeys, walletKeySource: 'environment' };
  }
  return loadOrCreateSecrets(config.dataDir, config.secrets);
};

/** The master keys alone, for the commands that seal and open values but sign no tokens. */
export type WalletKeys = Pick<ServiceSecrets, 'walletKey' | 'previousWalletKeys' | 'walletKeySource'>;

/**
 * Production takes the keys from the environment and never writes `secrets.json`; elsewhere they
 * come as the service's do (configured ones win, the rest from DATA_DIR).
 */
export const resolveWalletKeys = async (config: {
  readonly production: boolean;
  readonly dataDir: string;
  readonly secrets: Given;
}): Promise<WalletKeys> => {
  const { walletKey, previousWalletKeys } = config.secrets;
  if (config.production && walletKey)
    return { walletKey, previousWalletKeys, walletKeySource: 'environment' };
  const {
    walletKey: resolved,
    previousWalletKeys: previous,
    walletKeySource,
  } = await loadOrCreateSecrets(config.dataDir, config.secrets);
  return { walletKey: resolved, previousWalletKeys: previous, walletKeySource };
};
