import { createHash, randomBytes } from 'node:crypto';
import type { ApiKey } from '@trx-shop/domain';
import { BUILDER_NOW } from './fixed-time.js';
import { newObjectId } from './object-id.js';

/**
 * A live key (never used, no expiry) with a hash of its own: a random key's SHA-256, hex, so two
 * built keys never clash on the unique hash.
 */
export const buildApiKey = (overrides: Partial<ApiKey> = {}): ApiKey => {
  const secret = `trx_sk_${randomBytes(32).toString('base64url')}`;
  return {
    id: newObjectId(),
    name: 'Fulfilment server',
    prefix: secret.slice(0, 'trx_sk_'.length + 6),
    hash: createHash('sha256').update(secret).digest('hex'),
    scopes: ['orders:read', 'orders:write'],
    createdBy: newObjectId(),
    createdAt: BUILDER_NOW,
    expiresAt: null,
    revokedAt: null,
    lastUsedAt: null,
    ...overrides,
  };
};
