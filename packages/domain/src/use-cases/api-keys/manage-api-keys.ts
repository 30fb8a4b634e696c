import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '../../api-keys/api-key.js';
import { codesOf, type DomainError, domainError, type ValidationError } from '../../errors/domain-error.js';
import { administrationEvents } from '../../events/administration-events.js';
import type { EventActor } from '../../ports/shop-event.js';
import type { ApiKeyCodec } from '../../ports/api-key-codec.port.js';
import type { ApiKeyStore } from '../../ports/api-key-store.port.js';
import type { Clock, IdGenerator } from '../../ports/runtime.port.js';
import { err, ok, type Result } from '../../shared/result.js';

export const MAX_API_KEY_NAME_LENGTH = 100;
/** How much of a key is kept in clear, so people can tell keys apart in a list. */
const PREFIX_LENGTH = 'trx_sk_'.length + 6;

export interface ApiKeyDeps {
  readonly apiKeys: ApiKeyStore;
  readonly codec: ApiKeyCodec;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** The admin acting: the key's creation or revocation is logged with them, in the same write. */
  readonly actor: EventActor;
}

export interface NewApiKey {
  readonly name: string;
  readonly scopes: readonly string[];
  /** ISO 8601; absent: the key does not expire. */
  readonly expiresAt?: string;
}

/** A key and its secret: the only time the secret is shown. */
export interface CreatedApiKey {
  readonly key: ApiKey;
  readonly secret: string;
}

const invalid = (field: string, message: string): ValidationError =>
  domainError('VALIDATION_ERROR', message, { details: [{ field, message }] });

const KNOWN_SCOPES: ReadonlySet<string> = new Set(API_KEY_SCOPES);

export const CREATE_API_KEY_ERRORS = codesOf<ValidationError>()(['VALIDATION_ERROR']);

export const createApiKey = async (
  deps: ApiKeyDeps,
  creatorId: string,
  input: NewApiKey,
): Promise<Result<CreatedApiKey, ValidationError>> => {
  const name = input.name.trim();
  if (name.length === 0 || name.length > MAX_API_KEY_NAME_LENGTH) {
    return err(invalid('name', `name must be 1 to ${MAX_API_KEY_NAME_LENGTH} characters`));
  }
  if (input.scopes.length === 0) return err(invalid('scopes', 'scopes must name at least one scope'));
  const unknown = input.scopes.find((scope) => !KNOWN_SCOPES.has(scope));
  if (unknown !== undefined) return err(invalid('scopes', `unknown scope ${JSON.stringify(unknown)}`));
  if (new Set(input.scopes).size !== input.scopes.length)
    return err(invalid('scopes', 'scopes repeats a scope'));
  const now = deps.clock.now();
  let expiresAt: Date | null = null;
  if (input.expiresAt !== undefined) {
    expiresAt = new Date(input.expiresAt);
    if (Number.isNaN(expiresAt.getTime()))
      return err(invalid('expiresAt', 'expiresAt is not an ISO 8601 date-time'));
    if (expiresAt.getTime() <= now.getTime())
      return err(invalid('expiresAt', 'expiresAt must be in the future'));
  }
  const secret = deps.codec.newKey();
  const key: ApiKey = {
    id: deps.ids.newId(),
    name,
    prefix: secret.slice(0, PREFIX_LENGTH),
    hash: deps.codec.hash(secret),
    scopes: input.scopes as ApiKeyScope[],
    createdBy: creatorId,
    createdAt: now,
    expiresAt,
    revokedAt: null,
    lastUsedAt: null,
  };
  await deps.apiKeys.insert(key, [administrationEvents(deps.ids, now, deps.actor).apiKeyCreated(key)]);
  return ok({ key, secret });
};

export type RevokeApiKeyError = DomainError<'API_KEY_NOT_FOUND'>;
export const REVOKE_API_KEY_ERRORS = codesOf<RevokeApiKeyError>()(['API_KEY_NOT_FOUND']);

const keyNotFound = () => err(domainError('API_KEY_NOT_FOUND', 'API key not found'));

/**
 * Revoked at once, on every instance: each request looks its key up. Revoking a revoked key
 * answers it as it is and logs nothing (the store writes the event only with the revocation).
 */
export const revokeApiKey = async (
  deps: Pick<ApiKeyDeps, 'apiKeys' | 'clock' | 'ids' | 'actor'>,
  id: string,
): Promise<Result<ApiKey, RevokeApiKeyError>> => {
  const key = await deps.apiKeys.findById(id);
  if (!key) return keyNotFound();
  const now = deps.clock.now();
  const revoked = await deps.apiKeys.revoke(id, now, [
    administrationEvents(deps.ids, now, deps.actor).apiKeyRevoked(key, now),
  ]);
  return revoked ? ok(revoked) : keyNotFound();
};
