import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { IdentityDeps } from './identity-deps.js';
import type { Authenticated } from './register-user.js';

export interface RefreshedSession extends Authenticated {
  /** The id (`jti`) of the one refresh token now valid for the session. */
  readonly refreshTokenId: string;
}

/**
 * Rotates the refresh token. A token that is not the session's current one is a reuse (a stolen
 * copy, or a replay): the whole session is revoked, which logs out whoever holds the other copy.
 */
export type RefreshSessionError = DomainError<'UNAUTHENTICATED' | 'ACCOUNT_BLOCKED'>;
export const REFRESH_SESSION_ERRORS = codesOf<RefreshSessionError>()(['UNAUTHENTICATED', 'ACCOUNT_BLOCKED']);

export const refreshSession = async (
  deps: Pick<IdentityDeps, 'users' | 'sessions' | 'clock' | 'ids'>,
  claims: { readonly userId: string; readonly sessionId: string; readonly tokenId: string },
): Promise<Result<RefreshedSession, RefreshSessionError>> => {
  const unauthenticated = () =>
    domainError('UNAUTHENTICATED', 'Session is no longer valid; please log in again');
  const session = await deps.sessions.findById(claims.sessionId);
  if (!session || session.userId !== claims.userId) return err(unauthenticated());
  const user = await deps.users.findById(claims.userId);
  if (!user) return err(unauthenticated());
  // Blocking ends the sessions too; the owner of one is still told why (403, not "log in again").
  if (!user.isActive) return err(domainError('ACCOUNT_BLOCKED', 'Account is blocked'));
  if (!session.isActive) return err(unauthenticated());

  const now = deps.clock.now();
  const nextTokenId = deps.ids.newId();
  const rotated = await deps.sessions.rotateRefreshToken(session.id, claims.tokenId, nextTokenId, now);
  if (!rotated) {
    await deps.sessions.deactivate(session.id);
    return err(unauthenticated());
  }
  return ok({
    user,
    session: { ...session, lastActive: now, refreshTokenId: nextTokenId },
    refreshTokenId: nextTokenId,
  });
};
