import { type MailAttempt, type MailboxEntry, type MailMessage, mailId } from '@trx-shop/domain';
import { BUILDER_NOW } from './fixed-time.js';
import { newObjectId } from './object-id.js';

/** A receipt just queued: pending, due at once, never attempted, unclaimed. */
export const buildMailMessage = (overrides: Partial<MailMessage> = {}): MailMessage => {
  const createdAt = overrides.createdAt ?? BUILDER_NOW;
  const sourceId = overrides.sourceId ?? newObjectId();
  const userId = overrides.userId === undefined ? newObjectId() : overrides.userId;
  const template = overrides.template ?? 'order-paid';
  return {
    id: mailId(sourceId, template, userId ?? 'shopper@example.com'),
    template,
    sourceId,
    userId,
    to: 'shopper@example.com',
    sealed: `sealed:mail_${newObjectId()}`,
    status: 'pending',
    attempts: [],
    roundAttempts: 0,
    nextAttemptAt: createdAt,
    claim: null,
    createdAt,
    sentAt: null,
    ...overrides,
  };
};

/** A failed first attempt: the relay answered 421. */
export const buildMailAttempt = (overrides: Partial<MailAttempt> = {}): MailAttempt => ({
  attempt: 1,
  at: BUILDER_NOW,
  latencyMs: 240,
  error: '421 4.3.2 Service not available, closing transmission channel',
  ...overrides,
});

/** A mail the embedded mailbox kept, both parts with markup and non-ASCII text. */
export const buildMailboxEntry = (overrides: Partial<MailboxEntry> = {}): MailboxEntry => ({
  messageId: mailId(newObjectId(), 'password-reset', newObjectId()),
  to: 'shopper@example.com',
  subject: 'Reset your password at Ünïcödé Shop',
  text: 'Open https://shop.example/reset-password?token=abc to choose a new password.\n',
  html: '<p>Open <a href="https://shop.example/reset-password?token=abc">this link</a> &amp; choose.</p>',
  deliveredAt: BUILDER_NOW,
  ...overrides,
});
