import type { Session } from '../../users/session.js';
import type { User } from '../../users/user.js';
import { deviceLabel } from './device-label.js';
import type { ClientInfo } from './identity-deps.js';

/** How far back a session still makes its device and address known (docs/decisions.md). */
export const KNOWN_DEVICE_DAYS = 90;
const KNOWN_DEVICE_MS = KNOWN_DEVICE_DAYS * 86_400_000;

/**
 * Whether a password sign-in comes from a new device: its device label and client address
 * together match none of the account's sessions active in the last 90 days. The account's first
 * sign-in (registration stamps `lastLogin` with `createdAt`, an admin made on the server has none)
 * is never new: there is nothing yet to compare it with.
 */
export const isNewDevice = (
  user: Pick<User, 'lastLogin' | 'createdAt'>,
  sessions: readonly Pick<Session, 'device' | 'ipAddress' | 'lastActive'>[],
  client: ClientInfo,
  now: Date,
): boolean => {
  if (user.lastLogin === null || user.lastLogin.getTime() === user.createdAt.getTime()) return false;
  const device = deviceLabel(client.userAgent);
  const since = now.getTime() - KNOWN_DEVICE_MS;
  return !sessions.some(
    (session) =>
      session.lastActive.getTime() >= since &&
      session.device === device &&
      session.ipAddress === client.ipAddress,
  );
};
