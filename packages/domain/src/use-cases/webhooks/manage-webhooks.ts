import { codesOf, type DomainError, domainError, type ValidationError } from '../../errors/domain-error.js';
import { appendEvent } from '../../events/append-event.js';
import { recordEvents } from '../../events/record-events.js';
import type { EventActor, EventPayload } from '../../ports/shop-event.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { WebhookEndpoint, WebhookSecret } from '../../webhooks/webhook.js';
import type { WebhookDeps } from './webhook-deps.js';
import { parseWebhookFields, type WebhookFieldsInput } from './webhook-fields.js';

/** How long a rotated-out secret still signs, so receivers can switch without missing a delivery. */
export const SECRET_ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

export type WebhookNotFoundError = DomainError<'WEBHOOK_NOT_FOUND'>;
export const WEBHOOK_NOT_FOUND_ERRORS = codesOf<WebhookNotFoundError>()(['WEBHOOK_NOT_FOUND']);
/** A webhook's new fields refused: a bad field, or a URL the address guard refuses. */
export type WebhookFieldsError = ValidationError | DomainError<'WEBHOOK_URL_NOT_ALLOWED'>;
export const WEBHOOK_FIELDS_ERRORS = codesOf<WebhookFieldsError>()([
  'VALIDATION_ERROR',
  'WEBHOOK_URL_NOT_ALLOWED',
]);
export type UpdateWebhookError = WebhookFieldsError | WebhookNotFoundError;
export const UPDATE_WEBHOOK_ERRORS = codesOf<UpdateWebhookError>()([
  'VALIDATION_ERROR',
  'WEBHOOK_URL_NOT_ALLOWED',
  'WEBHOOK_NOT_FOUND',
]);

export const webhookNotFound = (): WebhookNotFoundError =>
  domainError('WEBHOOK_NOT_FOUND', 'Webhook not found');

/** An endpoint and its new signing secret: the only time the secret is shown. */
export interface WebhookWithSecret {
  readonly endpoint: WebhookEndpoint;
  readonly secret: string;
}

type ManageDeps = Pick<WebhookDeps, 'store' | 'sender' | 'signer' | 'vault' | 'clock' | 'ids'> & {
  /** The admin acting: each change is logged with them (the audit trail). */
  readonly actor?: EventActor | null;
};

/** What the audit trail shows of an endpoint: never a secret. */
const auditedFields = (endpoint: WebhookEndpoint): EventPayload => ({
  url: endpoint.url,
  description: endpoint.description,
  events: [...endpoint.events],
  enabled: endpoint.enabled,
});

/** Logs a change of an endpoint right after it (its record carries no outbox: it may be gone). */
const logChange = (
  deps: ManageDeps,
  type: 'webhook.created' | 'webhook.updated' | 'webhook.deleted' | 'webhook.secret_rotated',
  webhookId: string,
  fields: EventPayload,
) =>
  appendEvent(
    deps,
    recordEvents(deps.ids, deps.clock.now(), deps.actor ?? null).webhookChanged(type, webhookId, fields),
  );

const allowedUrl = async (
  deps: ManageDeps,
  url: string,
): Promise<Result<string, DomainError<'WEBHOOK_URL_NOT_ALLOWED'>>> => {
  const refusal = await deps.sender.refusal(url);
  return refusal === null
    ? ok(url)
    : err(domainError('WEBHOOK_URL_NOT_ALLOWED', refusal, { details: [{ field: 'url', message: refusal }] }));
};

export const createWebhook = async (
  deps: ManageDeps,
  input: WebhookFieldsInput & { readonly url: string },
): Promise<Result<WebhookWithSecret, WebhookFieldsError>> => {
  const fields = parseWebhookFields(input);
  if (!fields.ok) return fields;
  const url = await allowedUrl(deps, input.url);
  if (!url.ok) return url;
  const now = deps.clock.now();
  const id = deps.ids.newId();
  const secret = deps.signer.newSecret();
  const endpoint = await deps.store.webhooks.insertEndpoint({
    id,
    url: url.value,
    description: input.description ?? '',
    events: [...(input.events ?? [])],
    enabled: input.enabled ?? true,
    disabledReason: null,
    failingSince: null,
    secrets: [{ sealed: await deps.vault.seal(secret, id), expiresAt: null }],
    createdAt: now,
    updatedAt: now,
  });
  await logChange(deps, 'webhook.created', endpoint.id, auditedFields(endpoint));
  return ok({ endpoint, secret });
};

export const updateWebhook = async (
  deps: ManageDeps,
  id: string,
  input: WebhookFieldsInput,
): Promise<Result<WebhookEndpoint, UpdateWebhookError>> => {
  const fields = parseWebhookFields(input);
  if (!fields.ok) return fields;
  if (input.url !== undefined) {
    const url = await allowedUrl(deps, input.url);
    if (!url.ok) return url;
  }
  const { url, description, events, enabled } = input;
  const before = await deps.store.webhooks.findEndpoint(id);
  if (!before) return err(webhookNotFound());
  const updated = await deps.store.webhooks.updateEndpoint(
    id,
    {
      ...(url === undefined ? {} : { url }),
      ...(description === undefined ? {} : { description }),
      ...(events === undefined ? {} : { events }),
      ...(enabled === undefined ? {} : { enabled }),
    },
    deps.clock.now(),
  );
  if (!updated) return err(webhookNotFound());
  const after = auditedFields(updated);
  const previous = auditedFields(before);
  const changed = Object.keys(after).filter(
    (field) => JSON.stringify(after[field]) !== JSON.stringify(previous[field]),
  );
  await logChange(deps, 'webhook.updated', id, {
    ...Object.fromEntries(changed.map((field) => [field, after[field] ?? null])),
    before: Object.fromEntries(changed.map((field) => [field, previous[field] ?? null])),
  });
  return ok(updated);
};

export const deleteWebhook = async (
  deps: ManageDeps,
  id: string,
): Promise<Result<true, WebhookNotFoundError>> => {
  const endpoint = await deps.store.webhooks.findEndpoint(id);
  if (!endpoint || !(await deps.store.webhooks.deleteEndpoint(id))) return err(webhookNotFound());
  await logChange(deps, 'webhook.deleted', id, auditedFields(endpoint));
  return ok(true);
};

export const findWebhook = async (
  deps: ManageDeps,
  id: string,
): Promise<Result<WebhookEndpoint, WebhookNotFoundError>> => {
  const endpoint = await deps.store.webhooks.findEndpoint(id);
  return endpoint ? ok(endpoint) : err(webhookNotFound());
};

/**
 * A new current secret; the old current one keeps signing for a day (receivers verify either),
 * and secrets rotated out earlier and past their day are dropped. The write replaces only the
 * secrets it read: when another rotation (or `keys:rotate`) landed in between, this one is made
 * again on top of it, so each caller's secret is current or in its day of grace, never lost.
 */
export const rotateWebhookSecret = async (
  deps: ManageDeps,
  id: string,
): Promise<Result<WebhookWithSecret, WebhookNotFoundError>> => {
  const secret = deps.signer.newSecret();
  const sealed = await deps.vault.seal(secret, id);
  for (;;) {
    const endpoint = await deps.store.webhooks.findEndpoint(id);
    if (!endpoint) return err(webhookNotFound());
    const now = deps.clock.now();
    const kept: WebhookSecret[] = endpoint.secrets
      .filter((old) => old.expiresAt === null || old.expiresAt.getTime() > now.getTime())
      .map((old) => ({
        sealed: old.sealed,
        expiresAt: old.expiresAt ?? new Date(now.getTime() + SECRET_ROTATION_GRACE_MS),
      }));
    const updated = await deps.store.webhooks.replaceSecrets(
      id,
      endpoint.secrets,
      [{ sealed, expiresAt: null }, ...kept],
      now,
    );
    if (!updated) continue;
    await logChange(deps, 'webhook.secret_rotated', id, {
      previousSecretExpiresAt: new Date(now.getTime() + SECRET_ROTATION_GRACE_MS).toISOString(),
    });
    return ok({ endpoint: updated, secret });
  }
};
