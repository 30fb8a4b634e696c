import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import { accountSecurityEvents } from '../../events/administration-events.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { IdentityDeps } from './identity-deps.js';
import { passwordProblem, validationError } from './validation.js';

export interface PasswordChange {
  readonly currentPassword: string | undefined;
  readonly newPassword: string | undefined;
}

/** A new password is effective at once: every other session of the user is revoked. */
export type ChangePasswordError = DomainError<
  'VALIDATION_ERROR' | 'USER_NOT_FOUND' | 'INVALID_CURRENT_PASSWORD'
>;
export const CHANGE_PASSWORD_ERRORS = codesOf<ChangePasswordError>()([
  'VALIDATION_ERROR',
  'USER_NOT_FOUND',
  'INVALID_CURRENT_PASSWORD',
]);

export const changePassword = async (
  deps: Pick<IdentityDeps, 'users' | 'sessions' | 'passwords' | 'clock' | 'ids'>,
  userId: string,
  currentSessionId: string,
  change: PasswordChange,
): Promise<Result<void, ChangePasswordError>> => {
  if (!change.currentPassword || !change.newPassword) {
    const message = 'Current password and new password are both required';
    return err(domainError('VALIDATION_ERROR', message, { details: [{ field: 'newPassword', message }] }));
  }
  const problem = validationError([passwordProblem(change.newPassword, 'newPassword')]);
  if (problem) return err(problem);
  const user = await deps.users.findById(userId);
  if (!user) return err(domainError('USER_NOT_FOUND', 'User not found'));
  if (!(await deps.passwords.verify(user.passwordHash, change.currentPassword))) {
    return err(domainError('INVALID_CURRENT_PASSWORD', 'Current password is incorrect'));
  }
  const hash = await deps.passwords.hash(change.newPassword);
  const now = deps.clock.now();
  await deps.users.updatePasswordHash(userId, hash, now, [
    accountSecurityEvents(deps.ids, now, userId).passwordChanged(),
  ]);
  await deps.sessions.deactivateOthers(userId, currentSessionId);
  return ok(undefined);
};
