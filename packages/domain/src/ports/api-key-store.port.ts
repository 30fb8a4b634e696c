import type { ApiKey } from '../api-keys/api-key.js';
import type { ShopEvent } from './shop-event.js';

/** API keys, in the store so a revocation holds on every instance at the next request. */
export interface ApiKeyStore {
  /**
   * Adds a key (its id and hash are unique); `events` are written with it in the same write
   * (docs/architecture.md, "Audit exactly once"), and neither when the insert is refused.
   */
  insert(key: ApiKey, events?: readonly ShopEvent[]): Promise<ApiKey>;
  findByHash(hash: string): Promise<ApiKey | null>;
  findById(id: string): Promise<ApiKey | null>;
  /** Every key, revoked ones too, newest first (then id, descending). */
  list(): Promise<readonly ApiKey[]>;
  /**
   * Sets `revokedAt` unless the key is revoked already; answers the key after, null when absent.
   * `events` are written with the revocation, only by the write that revokes the key.
   */
  revoke(id: string, at: Date, events?: readonly ShopEvent[]): Promise<ApiKey | null>;
  /** Records a use: `lastUsedAt` becomes `at` when it is later than the one stored (or none). */
  touch(id: string, at: Date): Promise<void>;
}
