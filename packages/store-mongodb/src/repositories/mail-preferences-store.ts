import type { MailPreferences, MailPreferencesStore } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';

/** Keyed by the user's id (`_id`), so a batch of recipients is one read on the primary index. */
export const createMongoMailPreferencesStore = ({
  mailPreferences,
}: Pick<ShopCollections, 'mailPreferences'>): MailPreferencesStore => ({
  async findMany(userIds) {
    if (userIds.length === 0) return new Map();
    const documents = await mailPreferences.find({ _id: { $in: [...userIds] } }).toArray();
    return new Map<string, MailPreferences>(
      documents.map((document) => [
        document._id,
        { receipts: document.receipts, alerts: { ...document.alerts } },
      ]),
    );
  },
  async save(userId, preferences, at) {
    await mailPreferences.replaceOne(
      { _id: userId },
      { receipts: preferences.receipts, alerts: { ...preferences.alerts }, updatedAt: at },
      { upsert: true },
    );
  },
});
