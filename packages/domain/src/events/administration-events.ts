import type { ApiKey } from '../api-keys/api-key.js';
import type { MailMessage } from '../mail/mail-message.js';
import type { IdGenerator } from '../ports/runtime.port.js';
import {
  type DiscrepancyKind,
  type ReconciliationReport,
  totalDiscrepancies,
} from '../reconciliation/reconciliation-report.js';
import type { User } from '../users/user.js';
import type { WebhookDelivery, WebhookEndpoint } from '../webhooks/webhook.js';
import { newEvent } from './event-parts.js';
import type { EventActor, EventPayload, EventSubjects, ShopEventType } from '../ports/shop-event.js';

/** What a reconciliation was asked to do, as its audit entry tells it. */
export interface ReconciliationRequest {
  readonly allWallets: boolean;
  readonly fromBlock: number | null;
}

const keyFields = (key: ApiKey) => ({ apiKeyId: key.id, name: key.name, prefix: key.prefix });

/**
 * The payloads of the administration's events that are not about a record with its own builder
 * (docs/api.md, "Events"): API keys, the accounts `admin:create` makes, exports, webhook tests
 * and reconciliation runs. Each has an actor: they are the audit trail. Never a secret or a hash.
 */
export const administrationEvents = (ids: IdGenerator, at: Date, actor: EventActor) => {
  const event = (type: ShopEventType, subjects: Partial<EventSubjects>, payload: EventPayload) =>
    newEvent(ids, type, at, subjects, payload, actor);
  return {
    apiKeyCreated: (key: ApiKey) =>
      event(
        'api_key.created',
        {},
        {
          ...keyFields(key),
          scopes: [...key.scopes],
          expiresAt: key.expiresAt?.toISOString() ?? null,
        },
      ),
    apiKeyRevoked: (key: ApiKey, revokedAt: Date) =>
      event('api_key.revoked', {}, { ...keyFields(key), revokedAt: revokedAt.toISOString() }),
    adminCreated: (admin: Pick<User, 'id' | 'email' | 'username' | 'wallet'>) =>
      event(
        'admin.created',
        { userId: admin.id },
        { email: admin.email, username: admin.username, walletAddress: admin.wallet.address },
      ),
    customersExported: () => event('customers.exported', {}, { format: 'csv' }),
    webhookPinged: (delivery: Pick<WebhookDelivery, 'id' | 'endpointId'>) =>
      event('webhook.pinged', { webhookId: delivery.endpointId }, { deliveryId: delivery.id }),
    webhookRedelivered: (delivery: Pick<WebhookDelivery, 'id' | 'endpointId' | 'eventId' | 'eventType'>) =>
      event(
        'webhook.redelivered',
        { webhookId: delivery.endpointId },
        { deliveryId: delivery.id, eventId: delivery.eventId, eventType: delivery.eventType },
      ),
    reconciliationCompleted: (report: ReconciliationReport, request: ReconciliationRequest) => {
      const discrepancies = totalDiscrepancies(report);
      const counts: Record<DiscrepancyKind, number> = { ...report.counts };
      return event(
        'reconciliation.completed',
        {},
        {
          reportId: report.id,
          ok: discrepancies === 0,
          discrepancies,
          counts,
          blocks: report.blocks ? { from: report.blocks.from, to: report.blocks.to } : null,
          walletsChecked: report.walletsChecked,
          walletsSkipped: report.walletsSkipped,
          ...request,
        },
      );
    },
    reconciliationFailed: (code: string, message: string, request: ReconciliationRequest) =>
      event('reconciliation.failed', {}, { ok: false, code, message, ...request }),
    mailTestRequested: (message: Pick<MailMessage, 'id' | 'to'>) =>
      event('mail.test_requested', {}, { messageId: message.id, to: message.to }),
    mailRetried: (message: Pick<MailMessage, 'id' | 'template' | 'to'>) =>
      event('mail.retried', {}, { messageId: message.id, template: message.template, to: message.to }),
  };
};

/**
 * The service disabled an endpoint whose every attempt failed for too long: no one acted, so it
 * has no actor (the audit trail lists people's and commands' actions only).
 */
export const webhookDisabledEvent = (
  ids: IdGenerator,
  at: Date,
  endpoint: Pick<WebhookEndpoint, 'id' | 'url'>,
  reason: string,
) => newEvent(ids, 'webhook.disabled', at, { webhookId: endpoint.id }, { url: endpoint.url, reason });
