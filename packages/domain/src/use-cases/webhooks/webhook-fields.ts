import { domainError, type ValidationError } from '../../errors/domain-error.js';
import { ADMINISTRATION_EVENT_TYPES, SHOP_EVENT_TYPES } from '../../ports/shop-event.js';
import { err, ok, type Result } from '../../shared/result.js';

export const MAX_URL_LENGTH = 2_000;
export const MAX_DESCRIPTION_LENGTH = 500;
/** The test event `POST /api/admin/webhooks/:id/ping` sends; every endpoint receives it. */
export const PING_EVENT_TYPE = 'webhook.ping';

export interface WebhookFieldsInput {
  readonly url?: string;
  readonly description?: string;
  readonly events?: readonly string[];
  readonly enabled?: boolean;
}

const invalid = (field: string, message: string): ValidationError =>
  domainError('VALIDATION_ERROR', message, { details: [{ field, message }] });

/** Scheme, then the authority (host, port, maybe credentials) up to the path. */
const HTTP_URL = /^https?:\/\/([^/?#\s]+)(?:[/?#]\S*)?$/i;

const KNOWN_TYPES: ReadonlySet<string> = new Set(SHOP_EVENT_TYPES);

/**
 * Checks what an admin sends; the URL's host is checked separately (it needs a DNS lookup). An
 * events filter names known event types, each once; empty means every type.
 */
export const parseWebhookFields = (
  input: WebhookFieldsInput,
): Result<WebhookFieldsInput, ValidationError> => {
  if (input.url !== undefined) {
    if (input.url.length > MAX_URL_LENGTH)
      return err(invalid('url', `url is longer than ${MAX_URL_LENGTH} characters`));
    const authority = HTTP_URL.exec(input.url)?.[1];
    if (authority === undefined) return err(invalid('url', 'url must be an absolute http or https URL'));
    if (authority.includes('@')) {
      // Credentials in the URL would show in every listing; a receiver checks the signature instead.
      return err(invalid('url', 'url must not carry credentials'));
    }
  }
  if (input.description !== undefined && input.description.length > MAX_DESCRIPTION_LENGTH) {
    return err(invalid('description', `description is longer than ${MAX_DESCRIPTION_LENGTH} characters`));
  }
  if (input.events !== undefined) {
    const unknown = input.events.find((type) => !KNOWN_TYPES.has(type));
    if (unknown !== undefined) return err(invalid('events', `unknown event type ${JSON.stringify(unknown)}`));
    if (new Set(input.events).size !== input.events.length)
      return err(invalid('events', 'events repeats a type'));
  }
  return ok(input);
};

const ADMINISTRATION: ReadonlySet<string> = new Set(ADMINISTRATION_EVENT_TYPES);

/** Whether an endpoint with this filter receives events of this type (a ping reaches every endpoint). */
export const receives = (filter: readonly string[], eventType: string): boolean =>
  eventType === PING_EVENT_TYPE ||
  filter.includes(eventType) ||
  (filter.length === 0 && !ADMINISTRATION.has(eventType));
