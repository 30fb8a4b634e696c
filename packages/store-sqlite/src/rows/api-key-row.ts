import type { ApiKey, ApiKeyScope } from '@trx-shop/domain';
import { dateOrNull } from '../sqlite-database.js';

/** One row of `api_keys`: the scopes as a JSON array, instants in epoch ms. */
export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  hash: string;
  scopes: string;
  created_by: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
}

export const API_KEY_COLUMN_LIST = [
  'id',
  'name',
  'prefix',
  'hash',
  'scopes',
  'created_by',
  'created_at',
  'expires_at',
  'revoked_at',
  'last_used_at',
] as const satisfies readonly (keyof ApiKeyRow)[];

export const apiKeyFromRow = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  hash: row.hash,
  scopes: JSON.parse(row.scopes) as ApiKeyScope[],
  createdBy: row.created_by,
  createdAt: new Date(row.created_at),
  expiresAt: dateOrNull(row.expires_at),
  revokedAt: dateOrNull(row.revoked_at),
  lastUsedAt: dateOrNull(row.last_used_at),
});

export const apiKeyToRow = (key: ApiKey): ApiKeyRow => ({
  id: key.id,
  name: key.name,
  prefix: key.prefix,
  hash: key.hash,
  scopes: JSON.stringify(key.scopes),
  created_by: key.createdBy,
  created_at: key.createdAt.getTime(),
  expires_at: key.expiresAt?.getTime() ?? null,
  revoked_at: key.revokedAt?.getTime() ?? null,
  last_used_at: key.lastUsedAt?.getTime() ?? null,
});
