import type { MailPreferences, MailPreferencesStore } from '@trx-shop/domain';
import type { Tables } from './tables.js';

export const createMemoryMailPreferencesStore = ({
  mailPreferences,
}: Pick<Tables, 'mailPreferences'>): MailPreferencesStore => ({
  async findMany(userIds) {
    const found = new Map<string, MailPreferences>();
    for (const id of userIds) {
      const saved = mailPreferences.get(id);
      if (saved) found.set(id, saved);
    }
    return found;
  },
  async save(userId, preferences) {
    mailPreferences.set(userId, { receipts: preferences.receipts, alerts: { ...preferences.alerts } });
  },
});
