import { type DomainError, domainError } from '../../errors/domain-error.js';
import type { Clock } from '../../ports/runtime.port.js';
import type { UserStore } from '../../ports/user-store.port.js';
import { err, type Result } from '../../shared/result.js';
import type { User } from '../../users/user.js';

/** Blocks or unblocks a customer; an admin (oneself included) cannot be blocked. */
export const setCustomerActive = async (
  deps: { readonly users: UserStore; readonly clock: Clock },
  actingAdminId: string,
  userId: string,
  isActive: boolean,
): Promise<Result<User, DomainError>> => {
  const target = await deps.users.findById(userId);
  if (!target) return err(domainError('USER_NOT_FOUND', 'User not found'));
  if (!isActive && (target.role === 'admin' || target.id === actingAdminId)) {
    return err(domainError('CANNOT_BLOCK_ADMIN', 'Admins cannot be blocked'));
  }
  const updated = await deps.users.setActive(userId, isActive, deps.clock.now());
  return updated ? { ok: true, value: updated } : err(domainError('USER_NOT_FOUND', 'User not found'));
};
