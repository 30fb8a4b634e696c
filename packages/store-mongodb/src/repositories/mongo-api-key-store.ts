import type { ApiKey, ApiKeyStore } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import type { ApiKeyDocument } from '../documents.js';

/* API keys <-> stored documents: only `_id` differs, so reading back gives an equal key. */

const apiKeyToDocument = ({ id, ...key }: ApiKey): ApiKeyDocument => ({
  _id: id,
  ...key,
  scopes: [...key.scopes],
});

const apiKeyFromDocument = ({ _id, ...key }: ApiKeyDocument): ApiKey => ({ id: _id, ...key });

/*
 * Every write is one guarded single-document write. revoke reads the key after its write instead
 * of asking for the post-image: the stand-in's post-images can show a concurrent writer's change
 * (see mongo-window-counters.ts), and a read after the write answers what is stored.
 */
export const createMongoApiKeyStore = ({ apiKeys }: Pick<ShopCollections, 'apiKeys'>): ApiKeyStore => {
  const findById = async (id: string) => {
    const document = await apiKeys.findOne({ _id: id });
    return document ? apiKeyFromDocument(document) : null;
  };

  return {
    async insert(key) {
      // Not caught: a duplicate key (E11000, on `_id` or on the hash's unique index) refuses the
      // key and reaches the caller, as a clash does from the other stores; the stored key stays.
      await apiKeys.insertOne(apiKeyToDocument(key));
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

    async revoke(id, at) {
      // Only the first revocation matches (`revokedAt: null`): a revoked key keeps its time.
      await apiKeys.updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: at } });
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
