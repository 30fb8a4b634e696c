import type { ApiKey } from '../api-keys/api-key.js';

/** API keys, in the store so a revocation holds on every instance at the next request. */
export interface ApiKeyStore {
  /** Adds a key (its id and hash are unique). */
  insert(key: ApiKey): Promise<ApiKey>;
  findByHash(hash: string): Promise<ApiKey | null>;
  findById(id: string): Promise<ApiKey | null>;
  /** Every key, revoked ones too, newest first (then id, descending). */
  list(): Promise<readonly ApiKey[]>;
  /** Sets `revokedAt` unless the key is revoked already; answers the key after, null when absent. */
  revoke(id: string, at: Date): Promise<ApiKey | null>;
  /** Records a use: `lastUsedAt` becomes `at` when it is later than the one stored (or none). */
  touch(id: string, at: Date): Promise<void>;
}
