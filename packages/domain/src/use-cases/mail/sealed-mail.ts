import type { MailContent, MailRecipient } from '../../mail/mail-message.js';
import type { KeyVault } from '../../ports/key-vault.port.js';

/** What a queued message holds sealed: who it goes to and what it says. */
export interface MailLetter {
  readonly recipient: MailRecipient;
  readonly content: MailContent;
}

/** The content's date fields, revived from their JSON text when a letter is opened. */
const DATE_FIELDS: ReadonlySet<string> = new Set(['at', 'expiresAt']);

const reviveDates = (key: string, value: unknown): unknown =>
  DATE_FIELDS.has(key) && typeof value === 'string' ? new Date(value) : value;

/** Seals a letter for its message's id, so it opens only as that message. */
export const sealLetter = (vault: KeyVault, messageId: string, letter: MailLetter): Promise<string> =>
  vault.seal(JSON.stringify(letter), messageId);

/** Opens a message's letter; throws KEY_DECRYPTION_FAILED when it cannot be opened. */
export const openLetter = async (vault: KeyVault, messageId: string, sealed: string): Promise<MailLetter> =>
  JSON.parse(await vault.open(sealed, messageId), reviveDates) as MailLetter;
