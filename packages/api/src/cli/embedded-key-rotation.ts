import { randomBytes } from 'node:crypto';
import { keyIdOf } from '../composition/key-vault-from-secrets.js';
import { type SealedValueStores, sealedSamples } from '../composition/sealed-samples.js';
import { readStoredSecrets, type WalletKeys, writeStoredSecrets } from '../config/secrets-file.js';

export interface RotationKeys {
  readonly walletKey: string;
  readonly previousWalletKeys: readonly string[];
  /** True when this run makes the new key; false when it finishes a rotation already begun. */
  readonly began: boolean;
  /** Writes a new key where the service will find it; nothing when no new key was made. */
  readonly commit: () => Promise<void>;
}

/**
 * With DATA_DIR/secrets.json as the key source there is no operator-held key to rotate to, so the
 * command makes one. `commit` rewrites the file before any value is re-sealed, with the replaced
 * key kept as a previous key: a run killed at any point leaves every value openable with what the
 * file holds. A run that finds values still sealed with an older key finishes that rotation
 * instead of beginning another, so a rerun after a crash converges. Nothing is written before
 * `commit`, so a run refused in between leaves the file as it was.
 */
export const embeddedRotationKeys = async (
  dataDir: string,
  secrets: WalletKeys,
  stores: SealedValueStores,
): Promise<RotationKeys> => {
  const currentId = keyIdOf(secrets.walletKey);
  const samples = await sealedSamples(stores);
  if (samples.some((sample) => sample.keyId !== currentId)) {
    return {
      walletKey: secrets.walletKey,
      previousWalletKeys: secrets.previousWalletKeys,
      began: false,
      commit: async () => {},
    };
  }
  const stored = await readStoredSecrets(dataDir);
  if (!stored) throw new Error(`${dataDir}/secrets.json is missing or unreadable`);
  const walletKey = randomBytes(32).toString('hex');
  const previousWalletKeys = [...new Set([stored.walletKey, ...(stored.previousWalletKeys ?? [])])];
  return {
    walletKey,
    previousWalletKeys: [...new Set([...previousWalletKeys, ...secrets.previousWalletKeys])],
    began: true,
    commit: () => writeStoredSecrets(dataDir, { ...stored, walletKey, previousWalletKeys }),
  };
};
