import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import type { AccountMailDeps } from './account-mail-deps.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { User } from '../../users/user.js';
import { newMailMessage } from '../mail/queue-mail.js';
import { prepareAccountToken } from './issue-account-token.js';

/** What mailing a verification link needs: a token stored hashed, and a sealed mail queued. */
export type VerificationMailDeps = Pick<AccountMailDeps, 'tokens' | 'ids' | 'vault'> & {
  readonly store: Pick<AccountMailDeps['store'], 'accountTokens' | 'mail'>;
};

/**
 * Stores a new verification token for the account's current address (replacing any older one) and
 * queues the mail with its link; answers the token's id, the mail's source (each link is one mail).
 */
export const mailEmailVerification = async (
  deps: VerificationMailDeps,
  user: Pick<User, 'id' | 'username' | 'email'>,
  at: Date,
): Promise<string> => {
  const issued = prepareAccountToken(deps, 'email-verification', { userId: user.id, email: user.email }, at);
  const message = await newMailMessage(
    deps.vault,
    {
      sourceId: issued.record.id,
      recipient: { userId: user.id, username: user.username, email: user.email },
      content: { template: 'email-verification', token: issued.token },
      recipientKey: user.email.toLowerCase(),
    },
    at,
  );
  await deps.store.accountTokens.replace(issued.record);
  await deps.store.mail.enqueue([message]);
  return issued.record.id;
};

/** Confirms the account's address with a mailed token, once. */
export type VerifyEmailError = DomainError<'INVALID_VERIFICATION_TOKEN'>;
export const VERIFY_EMAIL_ERRORS = codesOf<VerifyEmailError>()(['INVALID_VERIFICATION_TOKEN']);

const invalidToken = () =>
  domainError(
    'INVALID_VERIFICATION_TOKEN',
    'This verification link is invalid, used or expired; ask for a new one',
  );

export const verifyEmail = async (
  deps: Pick<AccountMailDeps, 'users' | 'tokens' | 'clock'> & {
    readonly store: Pick<AccountMailDeps['store'], 'accountTokens'>;
  },
  token: string,
): Promise<Result<User, VerifyEmailError>> => {
  const now = deps.clock.now();
  const spent = await deps.store.accountTokens.consume('email-verification', deps.tokens.hash(token), now);
  if (!spent) return err(invalidToken());
  const user = await deps.users.findById(spent.userId);
  if (!user?.isActive) return err(invalidToken());
  // A link mailed to an address the account no longer has confirms nothing.
  const verified = await deps.users.markEmailVerified(user.id, spent.email, now);
  return verified ? ok(verified) : err(invalidToken());
};

/** How often one account may ask for a new verification link. */
export interface VerificationResendLimits {
  readonly perAccountMax: number;
  readonly perAccountWindowMs: number;
}

/** Three links an hour, as for resets: enough for a lost mail, too few to flood an inbox. */
export const DEFAULT_VERIFICATION_RESEND_LIMITS: VerificationResendLimits = {
  perAccountMax: 3,
  perAccountWindowMs: 60 * 60_000,
};

/** Whether a new link was mailed: false when the address is confirmed already. */
export interface VerificationResent {
  readonly sent: boolean;
}

export type ResendEmailVerificationError = DomainError<'USER_NOT_FOUND' | 'RATE_LIMITED'>;
export const RESEND_EMAIL_VERIFICATION_ERRORS = codesOf<ResendEmailVerificationError>()([
  'USER_NOT_FOUND',
  'RATE_LIMITED',
]);

/** Mails a new verification link to the signed-in account (the older link stops working). */
export const resendEmailVerification = async (
  deps: Pick<AccountMailDeps, 'users' | 'tokens' | 'ids' | 'vault' | 'clock'> & {
    readonly store: Pick<AccountMailDeps['store'], 'accountTokens' | 'mail' | 'windowCounters'>;
  },
  userId: string,
  limits: VerificationResendLimits = DEFAULT_VERIFICATION_RESEND_LIMITS,
): Promise<Result<VerificationResent, ResendEmailVerificationError>> => {
  const user = await deps.users.findById(userId);
  if (!user) return err(domainError('USER_NOT_FOUND', 'User not found'));
  if (user.emailVerified) return ok({ sent: false });
  const now = deps.clock.now();
  const asked = await deps.store.windowCounters.hit(
    `email-verification:${user.id}`,
    limits.perAccountWindowMs,
    now,
  );
  if (asked.count > limits.perAccountMax) {
    const retryAfterS = Math.max(1, Math.ceil((asked.resetAt.getTime() - now.getTime()) / 1000));
    return err(domainError('RATE_LIMITED', `Too many verification links asked; retry in ${retryAfterS} s`));
  }
  await mailEmailVerification(deps, user, now);
  return ok({ sent: true });
};
