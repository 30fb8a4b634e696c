import {
  MAIL_CATEGORIES,
  type MailAttempt,
  type MailClaim,
  type MailMessage,
  type MailStatus,
  type MailTemplateName,
} from '@trx-shop/domain';
import { dateOrNull } from '../sqlite-database.js';

/** One row of `mail_messages`: the attempts as JSON, the claim spread over columns. */
export interface MailMessageRow {
  id: string;
  template: string;
  source_id: string;
  user_id: string | null;
  to_address: string;
  sealed: string;
  status: string;
  attempts: string;
  round_attempts: number;
  next_attempt_at: number | null;
  claim_holder: string | null;
  claim_until: number | null;
  claim_attempt: number | null;
  created_at: number;
  sent_at: number | null;
}

/** An attempt as stored: its instant in epoch ms, like every instant of the schema. */
type StoredAttempt = Omit<MailAttempt, 'at'> & { readonly at: number };

export const MAIL_MESSAGE_COLUMN_LIST = [
  'id',
  'template',
  'source_id',
  'user_id',
  'to_address',
  'sealed',
  'status',
  'attempts',
  'round_attempts',
  'next_attempt_at',
  'claim_holder',
  'claim_until',
  'claim_attempt',
  'created_at',
  'sent_at',
] as const satisfies readonly (keyof MailMessageRow)[];

const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const satisfies readonly MailStatus[];
const isMailStatus = (value: string): value is MailStatus =>
  (MAIL_STATUSES as readonly string[]).includes(value);
const isTemplateName = (value: string): value is MailTemplateName => Object.hasOwn(MAIL_CATEGORIES, value);

/** One attempt as the JSON element `recordAttempt` appends to `attempts`. */
export const mailAttemptToJson = (attempt: MailAttempt): string =>
  JSON.stringify({ ...attempt, at: attempt.at.getTime() } satisfies StoredAttempt);

const claimFromRow = (row: MailMessageRow): MailClaim | null =>
  row.claim_holder === null
    ? null
    : { holder: row.claim_holder, until: new Date(row.claim_until ?? 0), attempt: row.claim_attempt ?? 0 };

export const mailMessageFromRow = (row: MailMessageRow): MailMessage => {
  if (!isMailStatus(row.status)) throw new Error(`mail message ${row.id} has unknown status ${row.status}`);
  if (!isTemplateName(row.template))
    throw new Error(`mail message ${row.id} has unknown template ${row.template}`);
  return {
    id: row.id,
    template: row.template,
    sourceId: row.source_id,
    userId: row.user_id,
    to: row.to_address,
    sealed: row.sealed,
    status: row.status,
    attempts: (JSON.parse(row.attempts) as StoredAttempt[]).map((attempt) => ({
      ...attempt,
      at: new Date(attempt.at),
    })),
    roundAttempts: row.round_attempts,
    nextAttemptAt: dateOrNull(row.next_attempt_at),
    claim: claimFromRow(row),
    createdAt: new Date(row.created_at),
    sentAt: dateOrNull(row.sent_at),
  };
};

export const mailMessageToRow = (message: MailMessage): MailMessageRow => ({
  id: message.id,
  template: message.template,
  source_id: message.sourceId,
  user_id: message.userId,
  to_address: message.to,
  sealed: message.sealed,
  status: message.status,
  attempts: `[${message.attempts.map(mailAttemptToJson).join(',')}]`,
  round_attempts: message.roundAttempts,
  next_attempt_at: message.nextAttemptAt?.getTime() ?? null,
  claim_holder: message.claim?.holder ?? null,
  claim_until: message.claim?.until.getTime() ?? null,
  claim_attempt: message.claim?.attempt ?? null,
  created_at: message.createdAt.getTime(),
  sent_at: message.sentAt?.getTime() ?? null,
});
