/** What an API key may do (docs/api.md, "API keys"): each admin route names the scope it needs. */
export const API_KEY_SCOPES = [
  'orders:read',
  'orders:write',
  'refunds:write',
  'products:write',
  'customers:read',
  'stats:read',
  'ledger:read',
  'webhooks:write',
  'mail:read',
  'mail:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * A key a server integration authenticates with, acting as the admin who made it, within its
 * scopes. Only a hash of the key is kept; `prefix` (its first characters) lets people tell keys
 * apart in a list.
 */
export interface ApiKey {
  readonly id: string;
  readonly name: string;
  /** `trx_sk_` and the next few characters of the key. */
  readonly prefix: string;
  /** SHA-256 of the whole key, hex: the only way the key is found. */
  readonly hash: string;
  readonly scopes: readonly ApiKeyScope[];
  /** The admin who made it; the key acts as them and stops when they are blocked or no longer admin. */
  readonly createdBy: string;
  readonly createdAt: Date;
  readonly expiresAt: Date | null;
  readonly revokedAt: Date | null;
  readonly lastUsedAt: Date | null;
}
