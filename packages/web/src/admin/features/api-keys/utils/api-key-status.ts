import type { components } from '@trx-shop/client';

type ApiKey = components['schemas']['ApiKey'];

export type ApiKeyState = 'active' | 'revoked' | 'expired';

/** Revoked wins over expired: it is what an admin did. */
export const apiKeyState = (key: ApiKey, now: Date): ApiKeyState =>
  key.revokedAt !== null
    ? 'revoked'
    : key.expiresAt !== null && new Date(key.expiresAt).getTime() <= now.getTime()
      ? 'expired'
      : 'active';

export const API_KEY_STATE_WORDS: Readonly<Record<ApiKeyState, string>> = {
  active: 'Active',
  revoked: 'Revoked',
  expired: 'Expired',
};
