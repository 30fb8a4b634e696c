/**
 * Mailed tokens and verified addresses (docs/decisions.md, "Mailed tokens"). Released like every
 * migration: never edited once shipped.
 *
 * - `account_tokens`: keyed by (user, kind), so an upsert of that key replaces the live token in
 *   one write and the table holds at most two rows per account (nothing to sweep). `token_hash`
 *   is unique: a presented token is found, and consumed by one DELETE ... RETURNING, through it.
 * - `users.email_verified`: accounts that existed before count as verified (the default 1); new
 *   registrations are written with 0.
 */
export function accountTokensMigration(): string {
  return `
  CREATE TABLE account_tokens (
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    id TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, kind)
  ) WITHOUT ROWID;

  ALTER TABLE users ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 1;
  `;
}
