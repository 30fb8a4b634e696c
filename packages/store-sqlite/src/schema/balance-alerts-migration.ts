/**
 * Whether each watched wallet (the merchant's) was last seen below MERCHANT_LOW_BALANCE_TRX
 * (docs/operations.md, "Email"): one row per address, written only when the balance crosses the
 * threshold, by a guarded statement in the same transaction as the crossing's event. No row
 * reads as not low, so an existing database needs no backfill. Released like every migration:
 * never edited once shipped.
 */
export function balanceAlertsMigration(): string {
  return `
  CREATE TABLE balance_alerts (
    address TEXT PRIMARY KEY,
    low INTEGER NOT NULL,
    changed_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  `;
}
