import { createHash } from 'node:crypto';
import { createKeyVault } from '@trx-shop/chain-tron';
import type { KeyVault } from '@trx-shop/domain';

/** A key's id is derived from the key itself, so no separate id has to be configured or kept in sync. */
export const keyIdOf = (hexKey: string): string =>
  `k${createHash('sha256').update(hexKey.toLowerCase()).digest('hex').slice(0, 12)}`;

export const keyVaultFromSecrets = (currentHexKey: string, previousHexKeys: readonly string[]): KeyVault => {
  const keys = new Map<string, Buffer>();
  for (const hex of [...previousHexKeys, currentHexKey]) keys.set(keyIdOf(hex), Buffer.from(hex, 'hex'));
  return createKeyVault({ currentKeyId: keyIdOf(currentHexKey), keys });
};
