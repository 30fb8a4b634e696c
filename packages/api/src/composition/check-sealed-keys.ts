import type { KeyVault } from '@trx-shop/domain';
import { keyIdOf } from './key-vault-from-secrets.js';
import { type SealedValueStores, sealedSamples } from './sealed-samples.js';

const NAMES = {
  'wallet-key': 'wallet keys',
  'totp-secret': 'TOTP secrets',
  'webhook-secret': 'webhook signing secrets',
} as const;
const OWNERS = { 'wallet-key': 'user', 'totp-secret': 'user', 'webhook-secret': 'webhook' } as const;

/**
 * Every master-key id found on sealed wallet keys, TOTP secrets and webhook signing secrets must have a configured key,
 * and that key must open a record sealed with it: a wrong or forgotten key is found at start,
 * never when a customer pays. Answers the problem as one line naming the variable, or null.
 */
export const checkSealedKeys = async (
  stores: SealedValueStores,
  vault: Pick<KeyVault, 'open'>,
  keys: { readonly current: string; readonly previous: readonly string[] },
): Promise<string | null> => {
  const configured = new Set([keys.current, ...keys.previous].map(keyIdOf));
  for (const sample of await sealedSamples(stores)) {
    if (!configured.has(sample.keyId)) {
      return (
        `WALLET_ENCRYPTION_PREVIOUS_KEYS: no configured key has id ${sample.keyId}, which sealed ` +
        `${NAMES[sample.kind]} in the store (list the key they were sealed with there, or restore WALLET_ENCRYPTION_KEY)`
      );
    }
    try {
      await vault.open(sample.sealed, sample.ownerId);
    } catch {
      const variable =
        sample.keyId === keyIdOf(keys.current) ? 'WALLET_ENCRYPTION_KEY' : 'WALLET_ENCRYPTION_PREVIOUS_KEYS';
      return `${variable}: the key with id ${sample.keyId} does not open ${NAMES[sample.kind]} sealed with it (${OWNERS[sample.kind]} ${sample.ownerId})`;
    }
  }
  return null;
};
