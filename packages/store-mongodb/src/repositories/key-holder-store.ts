import type { KeyHolder, KeyHolderStore } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import type { KeyHolderDocument } from '../documents.js';

const fromDocument = (document: KeyHolderDocument): KeyHolder => ({
  id: document._id,
  kind: document.kind,
  sealsWith: document.sealsWith,
  opens: document.opens,
  expiresAt: document.expiresAt,
});

/** A handful of documents (one per running process); each announcement also drops the expired ones. */
export const createMongoKeyHolderStore = ({
  keyHolders,
}: Pick<ShopCollections, 'keyHolders'>): KeyHolderStore => ({
  async announce(holder, now) {
    await keyHolders.deleteMany({ expiresAt: { $lte: now } });
    await keyHolders.updateOne(
      { _id: holder.id },
      {
        $set: {
          kind: holder.kind,
          sealsWith: holder.sealsWith,
          opens: [...holder.opens],
          expiresAt: holder.expiresAt,
        },
      },
      { upsert: true },
    );
  },

  async withdraw(id) {
    await keyHolders.deleteOne({ _id: id });
  },

  async listLive(now) {
    const documents = await keyHolders
      .find({ expiresAt: { $gt: now } })
      .sort({ _id: 1 })
      .toArray();
    return documents.map(fromDocument);
  },
});
