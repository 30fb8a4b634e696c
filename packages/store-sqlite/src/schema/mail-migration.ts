/**
 * The mail queue and the embedded default's mailbox (docs/architecture.md, "Ports"), one queue in
 * the store that every instance sends from. Released like every migration: never edited once
 * shipped.
 *
 * - `mail_messages`: the id is the stable (source, template, recipient) id, so the primary key is
 *   the conflict target that makes an enqueue idempotent, also between processes. `sealed` holds
 *   the recipient and content as the key vault sealed them (tokens never stand in a column of
 *   their own). `attempts` is a JSON array appended to by one guarded UPDATE per attempt; the
 *   claim is three columns because claimDue and recordAttempt filter on them.
 * - `mail_messages_due` is claimDue's order: pending first, then due first, ties by id. Not a
 *   partial index of pending rows (as webhooks' is): beside `mail_messages_status_created` the
 *   planner would take that one for `status = 'pending'` and sort.
 * - `mail_messages_created` and `mail_messages_status_created` are the delivery log, read newest
 *   first, whole or of one status.
 * - `mailbox`: a row per kept mail, keyed by the message id so a repeated attempt keeps it once;
 *   `mailbox_delivered` is the admin's list, newest first.
 */
export function mailMigration(): string {
  return `
  CREATE TABLE mail_messages (
    id TEXT PRIMARY KEY,
    template TEXT NOT NULL,
    source_id TEXT NOT NULL,
    user_id TEXT,
    to_address TEXT NOT NULL,
    sealed TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts TEXT NOT NULL,
    round_attempts INTEGER NOT NULL,
    next_attempt_at INTEGER,
    claim_holder TEXT,
    claim_until INTEGER,
    claim_attempt INTEGER,
    created_at INTEGER NOT NULL,
    sent_at INTEGER
  );
  CREATE INDEX mail_messages_due ON mail_messages (status, next_attempt_at, id);
  CREATE INDEX mail_messages_created ON mail_messages (created_at, id);
  CREATE INDEX mail_messages_status_created ON mail_messages (status, created_at, id);

  CREATE TABLE mailbox (
    message_id TEXT PRIMARY KEY,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    text_part TEXT NOT NULL,
    html_part TEXT NOT NULL,
    delivered_at INTEGER NOT NULL
  );
  CREATE INDEX mailbox_delivered ON mailbox (delivered_at, message_id);
  `;
}
