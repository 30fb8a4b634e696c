import { codesOf, type DomainError, domainError, type ValidationError } from '../../errors/domain-error.js';
import type { EmailChangeError, ProfileChangeError } from '../../ports/user-store.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import { isIsoCountryCode } from '../../users/country-codes.js';
import type { User } from '../../users/user.js';
import { newMailMessage } from '../mail/queue-mail.js';
import { mailEmailVerification, type VerificationMailDeps } from './email-verification.js';
import type { IdentityDeps } from './identity-deps.js';
import { emailProblem, usernameProblem, validationError } from './validation.js';

export interface ProfileChanges {
  readonly username?: string;
  readonly email?: string;
  readonly phone?: string | null;
  readonly country?: string | null;
  /** Needed only when `email` moves the account to another address. */
  readonly currentPassword?: string;
}

export const PHONE_PATTERN = '^\\+?[0-9 ()-]{3,32}$';
const PHONE = new RegExp(PHONE_PATTERN);

/** A profile change may move the address: that mails a new link and a notice to the old address. */
export type UpdateProfileDeps = Pick<IdentityDeps, 'users' | 'clock' | 'passwords'> & VerificationMailDeps;

export type UpdateProfileError =
  | ValidationError
  | ProfileChangeError
  | EmailChangeError
  | DomainError<'INVALID_CURRENT_PASSWORD'>;
export const UPDATE_PROFILE_ERRORS = codesOf<UpdateProfileError>()([
  'VALIDATION_ERROR',
  'USER_NOT_FOUND',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'INVALID_CURRENT_PASSWORD',
]);

const sameAddress = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

export const updateProfile = async (
  deps: UpdateProfileDeps,
  userId: string,
  changes: ProfileChanges,
): Promise<Result<User, UpdateProfileError>> => {
  const problem = validationError([
    changes.username === undefined ? null : usernameProblem(changes.username),
    changes.email === undefined ? null : emailProblem(changes.email),
    changes.phone === undefined || changes.phone === null || PHONE.test(changes.phone)
      ? null
      : { field: 'phone', message: 'Phone must be a phone number' },
    // The specification says "country code": an assigned ISO 3166-1 alpha-2 code, upper case.
    changes.country === undefined || changes.country === null || isIsoCountryCode(changes.country)
      ? null
      : { field: 'country', message: 'Country must be an assigned ISO 3166-1 alpha-2 code such as DE' },
  ]);
  if (problem) return err(problem);
  const current = await deps.users.findById(userId);
  if (!current) return err(domainError('USER_NOT_FOUND', 'User not found'));
  // Only a different address (not another spelling of the same one) needs confirming again.
  const newEmail =
    changes.email === undefined || sameAddress(changes.email, current.email) ? null : changes.email;
  // Checked before the address is looked up, so a stolen session can neither move the account's
  // mail (and with it password resets) nor learn which addresses are registered.
  if (newEmail !== null) {
    if (!changes.currentPassword) {
      return err(
        domainError('INVALID_CURRENT_PASSWORD', 'Enter your current password to change the email address'),
      );
    }
    if (!(await deps.passwords.verify(current.passwordHash, changes.currentPassword))) {
      return err(domainError('INVALID_CURRENT_PASSWORD', 'Current password is incorrect'));
    }
  }
  // Checked before any write, so a taken address leaves the rest of the profile as it was.
  const holder = newEmail === null ? null : await deps.users.findByEmail(newEmail);
  if (holder && holder.id !== userId) return err(domainError('EMAIL_TAKEN', 'Email already registered'));

  const { email: _email, currentPassword: _password, ...otherChanges } = changes;
  const now = deps.clock.now();
  const updated = await deps.users.updateProfile(userId, otherChanges, now);
  if (!updated.ok && updated.error.code === 'USERNAME_TAKEN') {
    return err(domainError('USERNAME_TAKEN', 'Username already exists'));
  }
  if (!updated.ok || newEmail === null) return updated;

  const moved = await deps.users.changeEmail(userId, newEmail, now);
  if (!moved.ok) return moved;
  const tokenId = await mailEmailVerification(deps, moved.value, now);
  await deps.store.mail.enqueue([
    await newMailMessage(
      deps.vault,
      {
        // The change's verification token names it; the old address keys the notice apart.
        sourceId: tokenId,
        recipient: { userId, username: moved.value.username, email: current.email },
        content: { template: 'email-changed', newEmail, at: now },
        recipientKey: current.email.toLowerCase(),
      },
      now,
    ),
  ]);
  return ok(moved.value);
};
