import type { EventActor } from '../../ports/shop-event.js';
import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import { recordEvents } from '../../events/record-events.js';
import type { Clock, IdGenerator } from '../../ports/runtime.port.js';
import type { SessionStore } from '../../ports/session-store.port.js';
import type { UserStore } from '../../ports/user-store.port.js';
import { err, type Result } from '../../shared/result.js';
import type { User } from '../../users/user.js';

export type SetCustomerActiveError = DomainError<'USER_NOT_FOUND' | 'CANNOT_BLOCK_ADMIN'>;
export const SET_CUSTOMER_ACTIVE_ERRORS = codesOf<SetCustomerActiveError>()([
  'USER_NOT_FOUND',
  'CANNOT_BLOCK_ADMIN',
]);

/**
 * Blocks or unblocks a customer; an admin (oneself included) cannot be blocked. Blocking ends
 * every session of the customer, so unblocking never revives an old token.
 */
export const setCustomerActive = async (
  deps: {
    readonly users: UserStore;
    readonly sessions: SessionStore;
    readonly clock: Clock;
    readonly ids: IdGenerator;
    /** The admin acting, for the audit trail. */
    readonly actor?: EventActor | null;
  },
  actingAdminId: string,
  userId: string,
  isActive: boolean,
): Promise<Result<User, SetCustomerActiveError>> => {
  const target = await deps.users.findById(userId);
  if (!target) return err(domainError('USER_NOT_FOUND', 'User not found'));
  if (!isActive && (target.role === 'admin' || target.id === actingAdminId)) {
    return err(domainError('CANNOT_BLOCK_ADMIN', 'Admins cannot be blocked'));
  }
  // Sessions end before and after the flag flips: a login racing the block cannot outlive it.
  if (!isActive) await deps.sessions.deactivateOthers(userId, null);
  const now = deps.clock.now();
  const updated = await deps.users.setActive(userId, isActive, now, [
    recordEvents(deps.ids, now, deps.actor).customerActivity(userId, isActive, actingAdminId),
  ]);
  if (!isActive) await deps.sessions.deactivateOthers(userId, null);
  return updated ? { ok: true, value: updated } : err(domainError('USER_NOT_FOUND', 'User not found'));
};
