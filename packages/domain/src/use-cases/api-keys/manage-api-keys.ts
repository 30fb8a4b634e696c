import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '../../api-keys/api-key.js';
import { type DomainError, domainError } from '../../errors/domain-error.js';
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

const invalid = (field: string, message: string): DomainError =>
  domainError('VALIDATION_ERROR', message, { details: [{ field, message }] });

const KNOWN_SCOPES: ReadonlySet<string> = new Set(API_KEY_SCOPES);

export const createApiKey = async (
  deps: ApiKeyDeps,
  creatorId: string,
  input: NewApiKey,
): Promise<Result<CreatedApiKey, DomainError>> => {
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
  const key = await deps.apiKeys.insert({
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
  });
  return ok({ key, secret });
};

/** Revoked at once, on every instance: each request looks its key up. */
export const revokeApiKey = async (
  deps: Pick<ApiKeyDeps, 'apiKeys' | 'clock'>,
  id: string,
): Promise<Result<ApiKey, DomainError>> => {
  const revoked = await deps.apiKeys.revoke(id, deps.clock.now());
  return revoked ? ok(revoked) : err(domainError('API_KEY_NOT_FOUND', 'API key not found'));
};
