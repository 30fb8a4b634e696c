import type { Session } from '../../users/session.js';
import { deviceLabel } from './device-label.js';
import type { ClientInfo, IdentityDeps } from './identity-deps.js';

/** Opens a session for a freshly authenticated user; its first refresh token id rides along. */
export const startSession = async (
  deps: Pick<IdentityDeps, 'sessions' | 'clock' | 'ids'>,
  userId: string,
  client: ClientInfo,
): Promise<Session> => {
  const now = deps.clock.now();
  return deps.sessions.insert({
    id: deps.ids.newId(),
    userId,
    device: deviceLabel(client.userAgent),
    userAgent: client.userAgent.slice(0, 512),
    ipAddress: client.ipAddress,
    refreshTokenId: deps.ids.newId(),
    createdAt: now,
    lastActive: now,
    isActive: true,
  });
};
