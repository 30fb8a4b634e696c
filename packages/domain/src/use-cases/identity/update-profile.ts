import { codesOf, domainError, type ValidationError } from '../../errors/domain-error.js';
import type { ProfileChangeError } from '../../ports/user-store.port.js';
import { err, type Result } from '../../shared/result.js';
import { isIsoCountryCode } from '../../users/country-codes.js';
import type { User } from '../../users/user.js';
import type { IdentityDeps } from './identity-deps.js';
import { usernameProblem, validationError } from './validation.js';

export interface ProfileChanges {
  readonly username?: string;
  readonly phone?: string | null;
  readonly country?: string | null;
}

export const PHONE_PATTERN = '^\\+?[0-9 ()-]{3,32}$';
const PHONE = new RegExp(PHONE_PATTERN);

export type UpdateProfileError = ValidationError | ProfileChangeError;
export const UPDATE_PROFILE_ERRORS = codesOf<UpdateProfileError>()([
  'VALIDATION_ERROR',
  'USER_NOT_FOUND',
  'USERNAME_TAKEN',
]);

export const updateProfile = async (
  deps: Pick<IdentityDeps, 'users' | 'clock'>,
  userId: string,
  changes: ProfileChanges,
): Promise<Result<User, UpdateProfileError>> => {
  const problem = validationError([
    changes.username === undefined ? null : usernameProblem(changes.username),
    changes.phone === undefined || changes.phone === null || PHONE.test(changes.phone)
      ? null
      : { field: 'phone', message: 'Phone must be a phone number' },
    // The specification says "country code": an assigned ISO 3166-1 alpha-2 code, upper case.
    changes.country === undefined || changes.country === null || isIsoCountryCode(changes.country)
      ? null
      : { field: 'country', message: 'Country must be an assigned ISO 3166-1 alpha-2 code such as DE' },
  ]);
  if (problem) return err(problem);
  const updated = await deps.users.updateProfile(userId, changes, deps.clock.now());
  if (!updated.ok && updated.error.code === 'USERNAME_TAKEN') {
    return err(domainError('USERNAME_TAKEN', 'Username already exists'));
  }
  return updated;
};
