import type { components } from '@trx-shop/client';

type Schemas = components['schemas'];
export type MailLog = Schemas['ListMailMessagesResponse'];
export type MailMessage = MailLog['messages'][number];
export type Mailbox = Schemas['ListMailboxResponse'];
export type MailboxMail = Mailbox['mails'][number];

export const FAILED_ID = '6760c0f4a1b2c3d4e5f60800:order-paid:6760c0f4a1b2c3d4e5f60700';
export const SENT_ID = '6760c0f4a1b2c3d4e5f60801:test:6760c0f4a1b2c3d4e5f60701';

/** A receipt the relay refused twice, as the delivery log answers it. */
export const aFailedMessage = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  id: FAILED_ID,
  template: 'order-paid',
  to: 'ada@example.com',
  status: 'failed',
  attempts: [
    { attempt: 1, at: '2026-01-15T10:00:00.000Z', latencyMs: 120, error: '451 4.3.0 Mail server busy' },
    { attempt: 2, at: '2026-01-15T10:05:00.000Z', latencyMs: 5000, error: 'Connection timeout' },
  ],
  nextAttemptAt: null,
  createdAt: '2026-01-15T10:00:00.000Z',
  sentAt: null,
  ...overrides,
});

export const aSentMessage = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  id: SENT_ID,
  template: 'test',
  to: 'owner@shop.example',
  status: 'sent',
  attempts: [{ attempt: 1, at: '2026-01-15T11:00:00.000Z', latencyMs: 40, error: null }],
  nextAttemptAt: null,
  createdAt: '2026-01-15T11:00:00.000Z',
  sentAt: '2026-01-15T11:00:01.000Z',
  ...overrides,
});

export const mailLog = (
  messages: MailMessage[],
  delivery: MailLog['delivery'] = 'smtp',
  pagination: Partial<MailLog['pagination']> = {},
): MailLog => ({
  success: true,
  delivery,
  messages,
  pagination: { total: messages.length, page: 1, pages: 1, limit: 20, ...pagination },
});

export const aMailboxMail = (overrides: Partial<MailboxMail> = {}): MailboxMail => ({
  messageId: SENT_ID,
  to: 'owner@shop.example',
  subject: 'TRX Shop: test email',
  text: 'This is a test email from TRX Shop.\nOpen http://localhost:3000/admin/mail to see the log.',
  html: '<p>This is a <strong>test email</strong> from TRX Shop.</p><script>parent.pwned = true</script>',
  deliveredAt: '2026-01-15T11:00:01.000Z',
  ...overrides,
});

export const mailbox = (mails: MailboxMail[], pagination: Partial<Mailbox['pagination']> = {}): Mailbox => ({
  success: true,
  mails,
  pagination: { total: mails.length, page: 1, pages: 1, limit: 20, ...pagination },
});
