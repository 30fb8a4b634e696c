/**
 * Each user's mail preferences (docs/architecture.md, "Ports"): a row only once the user saved
 * some, so every account that never chose keeps the defaults (everything on) without a backfill.
 * Keyed by the user id; the fan-out reads a batch of ids by it. Released like every migration:
 * never edited once shipped.
 */
export function mailPreferencesMigration(): string {
  return `
  CREATE TABLE mail_preferences (
    user_id TEXT PRIMARY KEY,
    receipts INTEGER NOT NULL,
    alert_order_paid INTEGER NOT NULL,
    alert_reconciliation INTEGER NOT NULL,
    alert_webhook_disabled INTEGER NOT NULL,
    alert_low_balance INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  `;
}
