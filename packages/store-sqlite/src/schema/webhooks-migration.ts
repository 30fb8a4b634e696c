/**
 * Webhook endpoints and their deliveries (docs/api.md, "Webhooks"), one queue in
 * the store that every instance dispatches from. Released like every migration: never edited
 * once shipped.
 *
 * - `webhook_endpoints`: `events` and `secrets` are JSON arrays, only ever read and written whole
 *   (a secret's `expiresAt` as epoch ms or null). `webhook_endpoints_created` is the order the
 *   admin list reads them in; a shop has a handful, but the convention is that no list scans.
 * - `webhook_deliveries`: the unique (endpoint_id, event_id) is the conflict target that makes an
 *   enqueue idempotent (an event fanned out twice reaches an endpoint once), also between
 *   processes. `attempts` is a JSON array appended to by one guarded UPDATE per attempt; the claim
 *   is three columns because claimDue and recordAttempt filter on them.
 * - `webhook_deliveries_due` holds only pending deliveries (the few the dispatcher still has work
 *   on, not the whole delivery log), in the order claimDue takes them: due first, ties by id.
 * - `webhook_deliveries_endpoint_created` is an endpoint's delivery log, read newest first, and
 *   the range deleteEndpoint removes.
 */
export function webhooksMigration(): string {
  return `
  CREATE TABLE webhook_endpoints (
    id TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    description TEXT NOT NULL,
    events TEXT NOT NULL,
    enabled INTEGER NOT NULL,
    disabled_reason TEXT,
    failing_since INTEGER,
    secrets TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX webhook_endpoints_created ON webhook_endpoints (created_at, id);

  CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY,
    endpoint_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts TEXT NOT NULL,
    round_attempts INTEGER NOT NULL,
    next_attempt_at INTEGER,
    claim_holder TEXT,
    claim_until INTEGER,
    claim_attempt INTEGER,
    created_at INTEGER NOT NULL,
    UNIQUE (endpoint_id, event_id)
  );
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending';
  CREATE INDEX webhook_deliveries_endpoint_created ON webhook_deliveries (endpoint_id, created_at, id);
  `;
}
