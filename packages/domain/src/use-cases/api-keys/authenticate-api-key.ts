import type { ApiKey, ApiKeyScope } from '../../api-keys/api-key.js';
import { type DomainError, domainError } from '../../errors/domain-error.js';
import type { ApiKeyCodec } from '../../ports/api-key-codec.port.js';
import type { ApiKeyStore } from '../../ports/api-key-store.port.js';
import type { Clock } from '../../ports/runtime.port.js';
import type { UserStore } from '../../ports/user-store.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { User } from '../../users/user.js';

/** `lastUsedAt` is written at most this often, so a busy integration is not a write per request. */
const USE_RESOLUTION_MS = 60_000;

export interface ApiKeyCaller {
  readonly key: ApiKey;
  /** The admin the key acts as. */
  readonly creator: User;
}

const notValid = () =>
  domainError('UNAUTHENTICATED', 'The API key is not valid (unknown, revoked or expired)');

export type AuthenticateApiKeyError = DomainError<'UNAUTHENTICATED' | 'INSUFFICIENT_SCOPE'>;

/**
 * A request's API key, for a route that needs `scope`: known, not revoked, not expired, made by
 * someone who is still an active admin (checked at every request, so blocking or demoting them
 * stops their keys at once), and granted the scope (403 INSUFFICIENT_SCOPE otherwise).
 */
export const authenticateApiKey = async (
  deps: {
    readonly apiKeys: ApiKeyStore;
    readonly users: Pick<UserStore, 'findById'>;
    readonly codec: ApiKeyCodec;
    readonly clock: Clock;
  },
  secret: string,
  scope: ApiKeyScope | null,
): Promise<Result<ApiKeyCaller, AuthenticateApiKeyError>> => {
  const key = await deps.apiKeys.findByHash(deps.codec.hash(secret));
  const now = deps.clock.now();
  if (
    !key ||
    key.revokedAt !== null ||
    (key.expiresAt !== null && key.expiresAt.getTime() <= now.getTime())
  ) {
    return err(notValid());
  }
  const creator = await deps.users.findById(key.createdBy);
  if (!creator?.isActive || creator.role !== 'admin') {
    return err(domainError('UNAUTHENTICATED', 'The API key’s creator can no longer act as an admin'));
  }
  if (scope === null || !key.scopes.includes(scope)) {
    return err(
      domainError(
        'INSUFFICIENT_SCOPE',
        scope === null ? 'API keys cannot use this route' : `This route needs the ${scope} scope`,
        {
          requiredScope: scope,
        },
      ),
    );
  }
  if (key.lastUsedAt === null || now.getTime() - key.lastUsedAt.getTime() >= USE_RESOLUTION_MS) {
    await deps.apiKeys.touch(key.id, now);
  }
  return ok({ key, creator });
};
