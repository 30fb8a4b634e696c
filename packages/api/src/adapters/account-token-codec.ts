import { createHash, randomBytes } from 'node:crypto';
import type { AccountTokenCodec } from '@trx-shop/domain';

/** Reset and verification tokens: 32 random bytes as base64url, kept only as their SHA-256. */
export const createAccountTokenCodec = (): AccountTokenCodec => ({
  newToken: () => randomBytes(32).toString('base64url'),
  hash: (token) => createHash('sha256').update(token).digest('hex'),
});
