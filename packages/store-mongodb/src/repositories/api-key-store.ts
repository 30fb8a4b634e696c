import type { ApiKey, ApiKeyStore, ShopEvent } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import type { ApiKeyDocument } from '../documents.js';
import { shopEventFields } from '../mapping.js';
import { withEvents } from './outbox-writes.js';

/*
 * API keys <-> stored documents: only `_id` differs, so reading back gives an equal key. The
 * outbox is the relay's business, stripped from every key read back.
 */

const apiKeyToDocument = ({ id, ...key }: ApiKey, events: readonly ShopEvent[] = []): ApiKeyDocument => ({
  _id: id,
  ...key,
  scopes: [...key.scopes],
  outbox: events.map(shopEventFields),
});

const apiKeyFromDocument = ({ _id, outbox: _outbox, ...key }: ApiKeyDocument): ApiKey => ({
  id: _id,
  ...key,
});

/*
 * Every write is one guarded single-document write. revoke reads the key after its write instead
 * of asking for the post-image: the stand-in's post-images can show a concurrent writer's change
 * (see window-counter-store.ts), and a read after the write answers what is stored.
 */
export const createMongoApiKeyStore = ({ apiKeys }: Pick<ShopCollections, 'apiKeys'>): ApiKeyStore => {
  const findById = async (id: string) => {
    const document = await apiKeys.findOne({ _id: id });
    return document ? apiKeyFromDocument(document) : null;
  };

  return {
    async insert(key, events) {
      // Not caught: a duplicate key (E11000, on `_id` or on the hash's unique index) refuses the
      // key and its events and reaches the caller, as a clash does from the other stores; the
      // stored key stays. The events ride in the new document's outbox: one write for both.
      await apiKeys.insertOne(apiKeyToDocument(key, events));
      return key;
    },

    async findByHash(hash) {
      const document = await apiKeys.findOne({ hash });
      return document ? apiKeyFromDocument(document) : null;
    },

    findById,

    async list() {
      const documents = await apiKeys.find({}).sort({ createdAt: -1, _id: -1 }).toArray();
      return documents.map(apiKeyFromDocument);
    },

    async revoke(id, at, events) {
      // Only the first revocation matches (`revokedAt: null`): a revoked key keeps its time, and
      // the events ride on that one write.
      await apiKeys.updateOne({ _id: id, revokedAt: null }, withEvents({ $set: { revokedAt: at } }, events));
      return findById(id);
    },

    async touch(id, at) {
      // Guarded, so concurrent uses leave the latest: an older or equal `at` matches nothing.
      await apiKeys.updateOne(
        { _id: id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: at } }] },
        { $set: { lastUsedAt: at } },
      );
    },
  };
};
