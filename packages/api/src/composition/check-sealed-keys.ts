import type { KeyVault, UserStore } from '@trx-shop/domain';
import { keyIdOf } from './key-vault-from-secrets.js';

const NAMES = { 'wallet-key': 'wallet keys', 'totp-secret': 'TOTP secrets' } as const;

/**
 * Every master-key id found on sealed wallet keys and TOTP secrets must have a configured key,
 * and that key must open a record sealed with it: a wrong or forgotten key is found at start,
 * never when a customer pays. Answers the problem as one line naming the variable, or null.
 */
export const checkSealedKeys = async (
  users: Pick<UserStore, 'sealedSecretSamples'>,
  vault: Pick<KeyVault, 'open'>,
  keys: { readonly current: string; readonly previous: readonly string[] },
): Promise<string | null> => {
  const configured = new Set([keys.current, ...keys.previous].map(keyIdOf));
  for (const sample of await users.sealedSecretSamples()) {
    if (!configured.has(sample.keyId)) {
      return (
        `WALLET_ENCRYPTION_PREVIOUS_KEYS: no configured key has id ${sample.keyId}, which sealed ` +
        `${NAMES[sample.kind]} in the store (list the key they were sealed with there, or restore WALLET_ENCRYPTION_KEY)`
      );
    }
    try {
      await vault.open(sample.sealed, sample.userId);
    } catch {
      const variable =
        sample.keyId === keyIdOf(keys.current) ? 'WALLET_ENCRYPTION_KEY' : 'WALLET_ENCRYPTION_PREVIOUS_KEYS';
      return `${variable}: the key with id ${sample.keyId} does not open ${NAMES[sample.kind]} sealed with it (user ${sample.userId})`;
    }
  }
  return null;
};
