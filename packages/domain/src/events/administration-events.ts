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

/** Where a new session was opened from, as the new-device notice and its event tell it. */
export interface SignInOrigin {
  readonly sessionId: string;
  /** The label `deviceLabel` makes of the user agent ("Chrome on Linux"). */
  readonly device: string;
  readonly userAgent: string;
  /** The client address as the service sees it (after TRUST_PROXY). */
  readonly address: string;
}

/**
 * The events of changes to an account's security, written with the change: the user acted on
 * their own account, so they have no actor, and they never carry a secret, a code or a hash.
 */
export const accountSecurityEvents = (ids: IdGenerator, at: Date, userId: string) => {
  const event = (type: ShopEventType, payload: EventPayload) => newEvent(ids, type, at, { userId }, payload);
  return {
    twoFactorEnabled: () => event('user.two_factor_enabled', {}),
    twoFactorDisabled: () => event('user.two_factor_disabled', {}),
    passwordChanged: () => event('user.password_changed', {}),
    signedInNewDevice: (origin: SignInOrigin) => event('user.signed_in_new_device', { ...origin }),
  };
};
/**
 * An account's password was set with a mailed reset link: a security event for webhooks that ask
 * for it, with no actor (the owner acted for themself) and never the token.
 */
export const passwordResetEvent = (
  ids: IdGenerator,
  at: Date,
  reset: { readonly userId: string; readonly email: string; readonly address: string },
) =>
  newEvent(
    ids,
    'user.password_reset',
    at,
    { userId: reset.userId },
    { email: reset.email, address: reset.address },
  );
