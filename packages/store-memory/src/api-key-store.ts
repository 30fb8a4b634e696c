import type { ApiKey, ApiKeyStore } from '@trx-shop/domain';
import { writeOutbox } from './outbox-store.js';
import { newestFirst, type Tables } from './tables.js';

export const createMemoryApiKeyStore = ({
  apiKeys,
  outbox,
}: Pick<Tables, 'apiKeys' | 'outbox'>): ApiKeyStore => {
  const findByHash = (hash: string): ApiKey | null =>
    [...apiKeys.values()].find((key) => key.hash === hash) ?? null;
  return {
    async insert(key, events) {
      // Both are unique in the real stores (the primary key and a unique index): a clash throws.
      if (apiKeys.has(key.id)) throw new Error(`an API key with id ${key.id} exists already`);
      if (findByHash(key.hash)) throw new Error('an API key with this hash exists already');
      apiKeys.set(key.id, key);
      writeOutbox({ outbox }, 'apiKey', key.id, events);
      return key;
    },
    async findByHash(hash) {
      return findByHash(hash);
    },
    async findById(id) {
      return apiKeys.get(id) ?? null;
    },
    async list() {
      return [...apiKeys.values()].sort(newestFirst);
    },
    async revoke(id, at, events) {
      const key = apiKeys.get(id);
      if (!key) return null;
      if (key.revokedAt !== null) return key;
      const revoked = { ...key, revokedAt: at };
      apiKeys.set(id, revoked);
      writeOutbox({ outbox }, 'apiKey', id, events);
      return revoked;
    },
    async touch(id, at) {
      const key = apiKeys.get(id);
      if (!key || (key.lastUsedAt !== null && key.lastUsedAt.getTime() >= at.getTime())) return;
      apiKeys.set(id, { ...key, lastUsedAt: at });
    },
  };
};
