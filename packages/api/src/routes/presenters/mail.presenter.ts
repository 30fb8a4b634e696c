import {
  MAIL_CATEGORIES,
  type MailboxEntry,
  type MailMessage,
  type MailStatus,
  type MailTemplateName,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { COMPONENT_NAME } from '../../http/components.js';
import { IsoDate, Nullable, NullableIsoDate, OneOf } from '../../http/schemas.js';

const MAIL_TEMPLATES = Object.keys(MAIL_CATEGORIES) as MailTemplateName[];
export const MAIL_STATUSES: MailStatus[] = ['pending', 'sent', 'failed'];

/** A queued message's id: `<source id>:<template>:<recipient key>` (stable per source, template and recipient). */
export const MailMessageId = Type.String({
  minLength: 1,
  maxLength: 400,
  description: 'the message id, as the delivery log lists it (its Message-ID is made from it)',
  examples: ['6760c0f4a1b2c3d4e5f60800:test:6760c0f4a1b2c3d4e5f60700'],
});

const MailAttemptView = Type.Object(
  {
    attempt: Type.Integer({ minimum: 1 }),
    at: IsoDate,
    latencyMs: Type.Integer({ minimum: 0 }),
    error: Nullable(
      Type.String({
        description: "why it was not accepted (the server's reply or the network error); null: accepted",
      }),
    ),
  },
  { additionalProperties: false },
);

/** A message as the delivery log shows it: never its sealed letter, nor anything read from it. */
export const MailMessageView = Type.Object(
  {
    id: MailMessageId,
    template: OneOf(MAIL_TEMPLATES),
    to: Type.String({ description: 'the address it was queued for' }),
    status: OneOf(MAIL_STATUSES),
    attempts: Type.Array(MailAttemptView, { description: 'every attempt, oldest first, across retries' }),
    nextAttemptAt: NullableIsoDate,
    createdAt: IsoDate,
    sentAt: NullableIsoDate,
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'MailMessage',
    examples: [
      {
        id: '6760c0f4a1b2c3d4e5f60800:test:6760c0f4a1b2c3d4e5f60700',
        template: 'test',
        to: 'owner@shop.example',
        status: 'sent',
        attempts: [
          { attempt: 1, at: '2025-01-10T09:00:00.050Z', latencyMs: 120, error: '451 Try again later' },
          { attempt: 2, at: '2025-01-10T09:01:00.050Z', latencyMs: 95, error: null },
        ],
        nextAttemptAt: null,
        createdAt: '2025-01-10T09:00:00.000Z',
        sentAt: '2025-01-10T09:01:00.145Z',
      },
    ],
  },
);

export const presentMailMessage = (message: MailMessage) => ({
  id: message.id,
  template: message.template,
  to: message.to,
  status: message.status,
  attempts: message.attempts.map((attempt) => ({
    attempt: attempt.attempt,
    at: attempt.at.toISOString(),
    latencyMs: attempt.latencyMs,
    error: attempt.error,
  })),
  nextAttemptAt: message.nextAttemptAt?.toISOString() ?? null,
  createdAt: message.createdAt.toISOString(),
  sentAt: message.sentAt?.toISOString() ?? null,
});

/** A mail as the embedded mailbox kept it: what a mail client would show. */
export const MailboxEntryView = Type.Object(
  {
    messageId: MailMessageId,
    to: Type.String(),
    subject: Type.String(),
    text: Type.String({ description: 'the text/plain part' }),
    html: Type.String({ description: 'the text/html part (user-provided text in it is escaped)' }),
    deliveredAt: IsoDate,
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'MailboxEntry',
    examples: [
      {
        messageId: '6760c0f4a1b2c3d4e5f60800:test:6760c0f4a1b2c3d4e5f60700',
        to: 'owner@shop.example',
        subject: 'TRX Shop: Test email',
        text: 'This is a test email from TRX Shop...',
        html: '<!doctype html><html>...</html>',
        deliveredAt: '2025-01-10T09:00:00.100Z',
      },
    ],
  },
);

export const presentMailboxEntry = (entry: MailboxEntry) => ({
  messageId: entry.messageId,
  to: entry.to,
  subject: entry.subject,
  text: entry.text,
  html: entry.html,
  deliveredAt: entry.deliveredAt.toISOString(),
});
