import type { WebhookEndpoint, WebhookSecret } from '@trx-shop/domain';
import { dateOrNull, flag } from '../sqlite-database.js';

/** One row of `webhook_endpoints`: the event types and the secrets as JSON. */
export interface WebhookEndpointRow {
  id: string;
  url: string;
  description: string;
  events: string;
  enabled: number;
  disabled_reason: string | null;
  failing_since: number | null;
  secrets: string;
  created_at: number;
  updated_at: number;
}

/** A secret as stored: its expiry in epoch ms, like every instant of the schema. */
interface StoredSecret {
  readonly sealed: string;
  readonly expiresAt: number | null;
}

export const WEBHOOK_ENDPOINT_COLUMN_LIST = [
  'id',
  'url',
  'description',
  'events',
  'enabled',
  'disabled_reason',
  'failing_since',
  'secrets',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof WebhookEndpointRow)[];

export const webhookSecretsToJson = (secrets: readonly WebhookSecret[]): string =>
  JSON.stringify(
    secrets.map(
      (secret): StoredSecret => ({ sealed: secret.sealed, expiresAt: secret.expiresAt?.getTime() ?? null }),
    ),
  );

const webhookSecretsFromJson = (json: string): WebhookSecret[] =>
  (JSON.parse(json) as StoredSecret[]).map((secret) => ({
    sealed: secret.sealed,
    expiresAt: dateOrNull(secret.expiresAt),
  }));

export const webhookEndpointFromRow = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: JSON.parse(row.events) as string[],
  enabled: row.enabled === 1,
  disabledReason: row.disabled_reason,
  failingSince: dateOrNull(row.failing_since),
  secrets: webhookSecretsFromJson(row.secrets),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

export const webhookEndpointToRow = (endpoint: WebhookEndpoint): WebhookEndpointRow => ({
  id: endpoint.id,
  url: endpoint.url,
  description: endpoint.description,
  events: JSON.stringify(endpoint.events),
  enabled: flag(endpoint.enabled),
  disabled_reason: endpoint.disabledReason,
  failing_since: endpoint.failingSince?.getTime() ?? null,
  secrets: webhookSecretsToJson(endpoint.secrets),
  created_at: endpoint.createdAt.getTime(),
  updated_at: endpoint.updatedAt.getTime(),
});
