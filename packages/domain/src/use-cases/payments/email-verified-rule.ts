import { type DomainError, domainError } from '../../errors/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { User } from '../../users/user.js';
import type { PaymentDeps } from './payment-deps.js';

export type EmailNotVerifiedError = DomainError<'EMAIL_NOT_VERIFIED'>;

/** With REQUIRE_EMAIL_VERIFICATION on, money leaves an account only once its address is confirmed. */
export const checkEmailVerified = (
  deps: Pick<PaymentDeps, 'requireEmailVerification'>,
  user: Pick<User, 'emailVerified'>,
): Result<void, EmailNotVerifiedError> =>
  deps.requireEmailVerification === true && !user.emailVerified
    ? err(
        domainError(
          'EMAIL_NOT_VERIFIED',
          'Confirm your email address with the link we mailed you before paying or withdrawing',
        ),
      )
    : ok(undefined);
