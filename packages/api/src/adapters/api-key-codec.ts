import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyCodec } from '@trx-shop/domain';

export const API_KEY_PREFIX = 'trx_sk_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 32 random bytes as base62 (a big number written in 62 digits): letters and digits only, easy to copy. */
const base62 = (bytes: Buffer): string => {
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = BASE62[Number(value % 62n)] + text;
    value /= 62n;
  }
  return text.padStart(43, '0');
};

export const createApiKeyCodec = (): ApiKeyCodec => ({
  newKey: () => `${API_KEY_PREFIX}${base62(randomBytes(32))}`,
  hash: (key) => createHash('sha256').update(key).digest('hex'),
});

/** The API key a request carries: `X-API-Key`, or a Bearer token that is one; null when none. */
export const apiKeyOf = (headers: Record<string, string | string[] | undefined>): string | null => {
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header.length > 0) return header.trim();
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && authorization.startsWith(`Bearer ${API_KEY_PREFIX}`)) {
    return authorization.slice('Bearer '.length).trim();
  }
  return null;
};
