import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import type { SessionStore } from '../../ports/session-store.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Session } from '../../users/session.js';

export interface ListedSession extends Session {
  readonly current: boolean;
}

export const listSessions = async (
  deps: { readonly sessions: SessionStore },
  userId: string,
  currentSessionId: string,
): Promise<readonly ListedSession[]> =>
  (await deps.sessions.listByUser(userId)).map((session) => ({
    ...session,
    current: session.id === currentSessionId,
  }));

/** Another user's session answers exactly like a missing one, so ids cannot be probed. */
export type RevokeSessionError = DomainError<'SESSION_NOT_FOUND'>;
export const REVOKE_SESSION_ERRORS = codesOf<RevokeSessionError>()(['SESSION_NOT_FOUND']);

export const revokeSession = async (
  deps: { readonly sessions: SessionStore },
  userId: string,
  sessionId: string,
): Promise<Result<void, RevokeSessionError>> => {
  const session = await deps.sessions.findById(sessionId);
  if (!session || session.userId !== userId)
    return err(domainError('SESSION_NOT_FOUND', 'Session not found'));
  await deps.sessions.deactivate(session.id);
  return ok(undefined);
};

export const logout = async (
  deps: { readonly sessions: SessionStore },
  sessionId: string | null,
): Promise<void> => {
  if (sessionId) await deps.sessions.deactivate(sessionId);
};
