import { type DomainError, domainError } from '../../errors/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Session } from '../../users/session.js';
import type { User } from '../../users/user.js';
import type { IdentityDeps } from './identity-deps.js';

export interface RequestIdentity {
  readonly user: User;
  readonly session: Session;
}

/** Activity is written at most this often, so reads do not turn into a write per request. */
const ACTIVITY_RESOLUTION_MS = 60_000;

/**
 * Every authenticated request re-checks its session and its user, so logout, revocation, blocking
 * and password changes take effect on the very next request, whatever the token's lifetime.
 */
export type AuthenticateRequestError = DomainError<'UNAUTHENTICATED' | 'ACCOUNT_BLOCKED'>;

export const authenticateRequest = async (
  deps: Pick<IdentityDeps, 'sessions' | 'clock'>,
  userId: string,
  sessionId: string,
): Promise<Result<RequestIdentity, AuthenticateRequestError>> => {
  const { session, user } = await deps.sessions.findWithUser(sessionId, userId);
  const unauthenticated = () =>
    err(domainError('UNAUTHENTICATED', 'Session is no longer valid; please log in again'));
  if (!session || session.userId !== userId || !user) return unauthenticated();
  // Blocking ends the sessions too; the owner of one is still told why (403, not "log in again").
  if (!user.isActive) return err(domainError('ACCOUNT_BLOCKED', 'Account is blocked'));
  if (!session.isActive) return unauthenticated();
  const now = deps.clock.now();
  if (now.getTime() - session.lastActive.getTime() >= ACTIVITY_RESOLUTION_MS) {
    await deps.sessions.touch(session.id, now);
  }
  return ok({ user, session });
};
