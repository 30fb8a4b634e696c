import { offsetOf, pageOf, sameSealedSecrets, type WebhookStore } from '@trx-shop/domain';
import {
  WEBHOOK_DELIVERY_COLUMN_LIST,
  type WebhookDeliveryRow,
  webhookAttemptToJson,
  webhookDeliveryFromRow,
  webhookDeliveryToRow,
} from '../rows/webhook-delivery-row.js';
import {
  WEBHOOK_ENDPOINT_COLUMN_LIST,
  type WebhookEndpointRow,
  webhookEndpointFromRow,
  webhookEndpointToRow,
  webhookSecretsToJson,
} from '../rows/webhook-endpoint-row.js';
import { type Database, flag, immediate } from '../sqlite-database.js';

const ENDPOINT_COLUMNS = WEBHOOK_ENDPOINT_COLUMN_LIST.join(', ');
const DELIVERY_COLUMNS = WEBHOOK_DELIVERY_COLUMN_LIST.join(', ');
const namedValues = (columns: readonly string[]): string => columns.map((column) => `@${column}`).join(', ');

/** Drops a delivery's claim: written wherever an attempt ends or the delivery is queued again. */
const NO_CLAIM = 'claim_holder = NULL, claim_until = NULL, claim_attempt = NULL';

export const WEBHOOK_SQL = {
  insertEndpoint: `INSERT INTO webhook_endpoints (${ENDPOINT_COLUMNS}) VALUES (${namedValues(WEBHOOK_ENDPOINT_COLUMN_LIST)})`,
  endpointById: `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = ?`,
  endpoints: `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints ORDER BY created_at, id`,
  /**
   * One statement for every patch shape: a NULL parameter leaves its column as it is (no patched
   * column is nullable). Enabling clears what the service's disabling set; every SET expression
   * reads the row as it was.
   */
  updateEndpoint:
    'UPDATE webhook_endpoints SET url = COALESCE(@url, url), description = COALESCE(@description, description), ' +
    'events = COALESCE(@events, events), enabled = COALESCE(@enabled, enabled), ' +
    'disabled_reason = CASE WHEN @enabled = 1 THEN NULL ELSE disabled_reason END, ' +
    'failing_since = CASE WHEN @enabled = 1 THEN NULL ELSE failing_since END, updated_at = @at ' +
    `WHERE id = @id RETURNING ${ENDPOINT_COLUMNS}`,
  replaceSecrets:
    'UPDATE webhook_endpoints SET secrets = @secrets, updated_at = COALESCE(@at, updated_at) ' +
    `WHERE id = @id RETURNING ${ENDPOINT_COLUMNS}`,
  deleteEndpoint: 'DELETE FROM webhook_endpoints WHERE id = ?',
  deleteEndpointDeliveries: 'DELETE FROM webhook_deliveries WHERE endpoint_id = ?',
  succeeded: 'UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ? AND failing_since IS NOT NULL',
  /** Only the first failure of a run sets it: the run's start is what disabling measures from. */
  failed: 'UPDATE webhook_endpoints SET failing_since = @at WHERE id = @id AND failing_since IS NULL',
  /**
   * `enabled = 1`: a disabled endpoint keeps its reason (the service disables once, and an admin's
   * disabling has none). `updated_at` stays: it is when an admin last edited the endpoint.
   */
  disableFailing:
    'UPDATE webhook_endpoints SET enabled = 0, disabled_reason = @reason ' +
    'WHERE id = @id AND enabled = 1 AND failing_since <= @at - @disable_after_ms',
  /** The conflict target is the pair alone: an id clash is a bug to surface, not a duplicate to skip. */
  enqueue:
    `INSERT INTO webhook_deliveries (${DELIVERY_COLUMNS}) VALUES (${namedValues(WEBHOOK_DELIVERY_COLUMN_LIST)}) ` +
    'ON CONFLICT (endpoint_id, event_id) DO NOTHING',
  /** A claim is live while `claim_until > now`, as a lease is; the partial index holds only pending rows. */
  due:
    "SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= @now " +
    'AND (claim_until IS NULL OR claim_until <= @now) ORDER BY next_attempt_at, id LIMIT @limit',
  claim:
    'UPDATE webhook_deliveries SET claim_holder = @holder, claim_until = @until, ' +
    `claim_attempt = json_array_length(attempts) + 1 WHERE id = @id RETURNING ${DELIVERY_COLUMNS}`,
  /**
   * Guarded by the claim it records: once another instance took an expired claim over, the
   * attempt number or the holder differs and nothing is written.
   */
  recordAttempt:
    "UPDATE webhook_deliveries SET attempts = json_insert(attempts, '$[#]', json(@attempt)), status = @status, " +
    `next_attempt_at = @next_attempt_at, round_attempts = round_attempts + 1, ${NO_CLAIM} ` +
    'WHERE id = @id AND claim_holder = @holder AND claim_attempt = @attempt_number',
  requeue:
    "UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = @at, round_attempts = 0, " +
    `${NO_CLAIM} WHERE id = @id RETURNING ${DELIVERY_COLUMNS}`,
  deliveryById: `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = ?`,
  deliveriesPage:
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = ? ` +
    'ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
  deliveriesCount: 'SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?',
} as const;

interface EndpointPatchParams {
  id: string;
  url: string | null;
  description: string | null;
  events: string | null;
  enabled: number | null;
  at: number;
}

export const createSqliteWebhookStore = (db: Database): WebhookStore => {
  const insertEndpoint = db.prepare<[WebhookEndpointRow]>(WEBHOOK_SQL.insertEndpoint);
  const endpointById = db.prepare<[string], WebhookEndpointRow>(WEBHOOK_SQL.endpointById);
  const endpoints = db.prepare<[], WebhookEndpointRow>(WEBHOOK_SQL.endpoints);
  const updateEndpoint = db.prepare<[EndpointPatchParams], WebhookEndpointRow>(WEBHOOK_SQL.updateEndpoint);
  const replaceSecrets = db.prepare<[{ id: string; secrets: string; at: number | null }], WebhookEndpointRow>(
    WEBHOOK_SQL.replaceSecrets,
  );
  const deleteEndpoint = db.prepare<[string]>(WEBHOOK_SQL.deleteEndpoint);
  const deleteEndpointDeliveries = db.prepare<[string]>(WEBHOOK_SQL.deleteEndpointDeliveries);
  const succeeded = db.prepare<[string]>(WEBHOOK_SQL.succeeded);
  const failed = db.prepare<[{ id: string; at: number }]>(WEBHOOK_SQL.failed);
  const disableFailing = db.prepare<[{ id: string; at: number; disable_after_ms: number; reason: string }]>(
    WEBHOOK_SQL.disableFailing,
  );
  const enqueue = db.prepare<[WebhookDeliveryRow]>(WEBHOOK_SQL.enqueue);
  const due = db.prepare<[{ now: number; limit: number }], { id: string }>(WEBHOOK_SQL.due);
  const claim = db.prepare<[{ id: string; holder: string; until: number }], WebhookDeliveryRow>(
    WEBHOOK_SQL.claim,
  );
  const recordAttempt = db.prepare<
    [
      {
        id: string;
        holder: string;
        attempt_number: number;
        attempt: string;
        status: string;
        next_attempt_at: number | null;
      },
    ]
  >(WEBHOOK_SQL.recordAttempt);
  const requeue = db.prepare<[{ id: string; at: number }], WebhookDeliveryRow>(WEBHOOK_SQL.requeue);
  const deliveryById = db.prepare<[string], WebhookDeliveryRow>(WEBHOOK_SQL.deliveryById);
  const deliveriesPage = db.prepare<[string, number, number], WebhookDeliveryRow>(WEBHOOK_SQL.deliveriesPage);
  const deliveriesCount = db.prepare<[string], { n: number }>(WEBHOOK_SQL.deliveriesCount);

  const findEndpoint = (id: string) => {
    const row = endpointById.get(id);
    return row ? webhookEndpointFromRow(row) : null;
  };

  return {
    async insertEndpoint(endpoint) {
      insertEndpoint.run(webhookEndpointToRow(endpoint));
      return endpoint;
    },

    async findEndpoint(id) {
      return findEndpoint(id);
    },

    async listEndpoints() {
      return endpoints.all().map(webhookEndpointFromRow);
    },

    async updateEndpoint(id, patch, at) {
      const row = updateEndpoint.get({
        id,
        url: patch.url ?? null,
        description: patch.description ?? null,
        events: patch.events === undefined ? null : JSON.stringify(patch.events),
        enabled: patch.enabled === undefined ? null : flag(patch.enabled),
        at: at.getTime(),
      });
      return row ? webhookEndpointFromRow(row) : null;
    },

    async replaceSecrets(id, expected, replacement, at) {
      // The comparison and the write in one immediate transaction: no writer comes between them.
      return immediate(db, () => {
        const current = endpointById.get(id);
        if (!current || !sameSealedSecrets(webhookEndpointFromRow(current).secrets, expected)) return null;
        const row = replaceSecrets.get({
          id,
          secrets: webhookSecretsToJson(replacement),
          at: at === null ? null : at.getTime(),
        });
        return row ? webhookEndpointFromRow(row) : null;
      });
    },

    async deleteEndpoint(id) {
      return immediate(db, () => {
        deleteEndpointDeliveries.run(id);
        return deleteEndpoint.run(id).changes === 1;
      });
    },

    async noteEndpointOutcome(id, outcome) {
      // One transaction: the endpoint answered is the one these writes left, and the disabling
      // reads the run's start as the failure just noted set it.
      return immediate(db, () => {
        let disabledNow = false;
        if (outcome.ok) {
          succeeded.run(id);
        } else {
          const at = outcome.at.getTime();
          failed.run({ id, at });
          const disabling = { id, at, disable_after_ms: outcome.disableAfterMs, reason: outcome.reason };
          disabledNow = disableFailing.run(disabling).changes === 1;
        }
        const endpoint = findEndpoint(id);
        return endpoint ? { endpoint, disabledNow } : null;
      });
    },

    async enqueue(deliveries) {
      // One commit for the lot: a fan-out to every endpoint is one write, not one per endpoint.
      return immediate(db, () =>
        deliveries.reduce(
          (added, delivery) => added + enqueue.run(webhookDeliveryToRow(delivery)).changes,
          0,
        ),
      );
    },

    async claimDue(now, holder, until, limit) {
      // The write lock is taken before the due rows are read, so a connection in another process
      // that claims at the same time reads them only after these claims commit.
      return immediate(db, () =>
        due.all({ now: now.getTime(), limit }).map(({ id }) => {
          const row = claim.get({ id, holder, until: until.getTime() });
          if (!row) throw new Error(`webhook delivery ${id} vanished inside a write transaction`);
          return webhookDeliveryFromRow(row);
        }),
      );
    },

    async recordAttempt(id, holder, outcome) {
      const result = recordAttempt.run({
        id,
        holder,
        attempt_number: outcome.attempt.attempt,
        attempt: webhookAttemptToJson(outcome.attempt),
        status: outcome.status,
        next_attempt_at: outcome.nextAttemptAt?.getTime() ?? null,
      });
      return result.changes === 1;
    },

    async requeue(id, at) {
      const row = requeue.get({ id, at: at.getTime() });
      return row ? webhookDeliveryFromRow(row) : null;
    },

    async findDelivery(id) {
      const row = deliveryById.get(id);
      return row ? webhookDeliveryFromRow(row) : null;
    },

    async listDeliveries(endpointId, request) {
      // One read transaction: the page and its total see the same deliveries.
      return db.transaction(() => {
        const rows = deliveriesPage.all(endpointId, request.limit, offsetOf(request));
        const total = deliveriesCount.get(endpointId)?.n ?? 0;
        return pageOf(rows.map(webhookDeliveryFromRow), total, request);
      })();
    },
  };
};
