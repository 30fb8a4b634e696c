import type { MailAttemptOutcome, MailMessage, MailStatus } from '../mail/mail-message.js';
import type { Page, PageRequest } from '../shared/pagination.js';

/**
 * The mail queue, in the store so every instance sends from the same queue. Each attempt is made
 * by one instance: it claims the message first (one guarded write), and only the claim's holder
 * records that attempt, as with webhook deliveries.
 */
export interface MailStore {
  /** Adds messages, skipping any whose id exists: answers how many were new. */
  enqueue(messages: readonly MailMessage[]): Promise<number>;
  /**
   * Claims up to `limit` pending messages due at `now` (oldest due first) that no live claim
   * holds, for `holder` until `until`, each for its next attempt number (attempts made + 1). A
   * message is claimed by one caller only, however many claim at once.
   */
  claimDue(now: Date, holder: string, until: Date, limit: number): Promise<readonly MailMessage[]>;
  /**
   * Records the claimed attempt and its outcome (`sentAt` set when it is `sent`) and drops the
   * claim, only while `holder` still holds the claim for that attempt number; false otherwise.
   */
  recordAttempt(id: string, holder: string, outcome: MailAttemptOutcome): Promise<boolean>;
  /**
   * Queues a failed message again for an attempt at `at`: pending, a new round. null when there is
   * no such message or it is not failed (a pending one is queued already, and a sent one must never
   * go twice).
   */
  requeue(id: string, at: Date): Promise<MailMessage | null>;
  findMessage(id: string): Promise<MailMessage | null>;
  /** The delivery log: newest first, optionally of one status. */
  listMessages(filter: { readonly status?: MailStatus }, page: PageRequest): Promise<Page<MailMessage>>;
}

/** A mail as the embedded mailbox kept it (the development stand-in for an SMTP relay). */
export interface MailboxEntry {
  readonly messageId: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly deliveredAt: Date;
}

/** The embedded default's local mailbox, read by admins in the admin app. */
export interface MailboxStore {
  /** Keeps the mail; keeping the same `messageId` again changes nothing (a repeated attempt). */
  deliver(entry: MailboxEntry): Promise<void>;
  /** Newest first. */
  list(page: PageRequest): Promise<Page<MailboxEntry>>;
  find(messageId: string): Promise<MailboxEntry | null>;
}
