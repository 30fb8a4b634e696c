import type { SessionStore } from '../../ports/session-store.port.js';

/**
 * Long-lived connections (WebSockets) are bound to the session that opened them: logout,
 * revocation, a password change, refresh-token reuse and blocking all end sessions in the store,
 * so every instance learns which of its connections must close from one batched read.
 */
export const findEndedSessions = async (
  deps: { readonly sessions: SessionStore },
  sessionIds: readonly string[],
): Promise<ReadonlySet<string>> => new Set(await deps.sessions.inactiveAmong([...new Set(sessionIds)]));
