import { keyIdOfSealed, type SealedSecretSample, type UserStore, type WebhookStore } from '@trx-shop/domain';

export interface SealedSample {
  readonly kind: SealedSecretSample['kind'] | 'webhook-secret';
  /** The master key's id, the sealed text's prefix (`<keyId>:<payload>`). */
  readonly keyId: string;
  /** The record the value is sealed for (its associated data): a user's id or an endpoint's. */
  readonly ownerId: string;
  readonly sealed: string;
}

export interface SealedValueStores {
  readonly users: Pick<UserStore, 'sealedSecretSamples'>;
  readonly webhooks: Pick<WebhookStore, 'listEndpoints'>;
}

/**
 * One sealed value per kind and master-key id: the users' from the store's grouped scan, the
 * webhook endpoints' from their handful. What the start-up check opens, and what tells
 * `keys:rotate` whether a rotation is still under way.
 */
export const sealedSamples = async (stores: SealedValueStores): Promise<readonly SealedSample[]> => {
  const samples: SealedSample[] = (await stores.users.sealedSecretSamples()).map(({ userId, ...sample }) => ({
    ...sample,
    ownerId: userId,
  }));
  const seenKeyIds = new Set<string>();
  for (const endpoint of await stores.webhooks.listEndpoints()) {
    for (const { sealed } of endpoint.secrets) {
      const keyId = keyIdOfSealed(sealed);
      if (seenKeyIds.has(keyId)) continue;
      seenKeyIds.add(keyId);
      samples.push({ kind: 'webhook-secret', keyId, ownerId: endpoint.id, sealed });
    }
  }
  return samples;
};
