/**
 * API keys (docs/api.md, "API keys"), in the store so that a revocation holds on
 * every instance at the next request. Released like every migration: never edited once shipped.
 *
 * - `api_keys`: `hash` (the key's SHA-256, hex) is how a request finds its key; its UNIQUE
 *   refuses a second key with the same hash. `scopes` is a JSON array, only ever read and written
 *   whole. `touch` and `revoke` are single guarded UPDATEs of one row, so concurrent uses keep the
 *   latest `last_used_at` and concurrent revocations the first `revoked_at`.
 * - `api_keys_created` is the order the admin list reads them in (newest first, walked
 *   backwards); a shop has a handful, but the convention is that no list scans.
 */
export function apiKeysMigration(): string {
  return `
  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    prefix TEXT NOT NULL,
    hash TEXT NOT NULL UNIQUE,
    scopes TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER,
    revoked_at INTEGER,
    last_used_at INTEGER
  );
  CREATE INDEX api_keys_created ON api_keys (created_at, id);
  `;
}
