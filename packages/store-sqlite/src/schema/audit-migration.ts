/**
 * The audit trail and order histories in the event log (docs/api.md, "Audit
 * trail"). Released like every migration: never edited once shipped.
 *
 * - `actor` is the event's actor as JSON (only ever read whole), NULL for events without one;
 *   `actor_id` copies its id out because the audit list filters on it. `webhook_id` is the new
 *   subject, a column like the others so the target filter can compare it.
 * - `event_log_compactable` is rebuilt with the new rule (no order and no actor): compaction's
 *   WHERE repeats the index's exactly, so a batch stays one short range of it, never a walk past
 *   the audit trail.
 * - `event_log_audit` and `event_log_audit_actor` hold only the events with an actor, in the
 *   list's order (newest first is the same B-tree walked backwards): the unfiltered list and the
 *   action, target and date filters read the first, an actor's list the second. The audit trail
 *   is a small part of the log, so a residual filter on it never reads the rest.
 * - `event_log_order_sequence` is an order's history in sequence order; events of no order are
 *   left out of it.
 */
export function auditMigration(): string {
  return `
  ALTER TABLE event_log ADD COLUMN webhook_id TEXT;
  ALTER TABLE event_log ADD COLUMN actor TEXT;
  ALTER TABLE event_log ADD COLUMN actor_id TEXT;
  DROP INDEX event_log_compactable;
  CREATE INDEX event_log_compactable ON event_log (logged_at, sequence) WHERE order_id IS NULL AND actor IS NULL;
  CREATE INDEX event_log_audit ON event_log (occurred_at, id) WHERE actor IS NOT NULL;
  CREATE INDEX event_log_audit_actor ON event_log (actor_id, occurred_at, id) WHERE actor IS NOT NULL;
  CREATE INDEX event_log_order_sequence ON event_log (order_id, sequence) WHERE order_id IS NOT NULL;
  `;
}
