import type { MailPreferences } from '../mail/mail-preferences.js';

/** Each user's mail preferences; a user who never saved any has none stored (the defaults apply). */
export interface MailPreferencesStore {
  /** The stored preferences of those of `userIds` who saved some, keyed by user id. */
  findMany(userIds: readonly string[]): Promise<ReadonlyMap<string, MailPreferences>>;
  /** Stores the user's preferences whole, replacing any before. */
  save(userId: string, preferences: MailPreferences, at: Date): Promise<void>;
}
