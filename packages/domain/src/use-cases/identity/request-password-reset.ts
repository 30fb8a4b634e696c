import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import type { MailRecipient } from '../../mail/mail-message.js';
import { err, ok, type Result } from '../../shared/result.js';
import { newMailMessage } from '../mail/queue-mail.js';
import {
  type AccountMailDeps,
  type AccountMailLimits,
  DEFAULT_ACCOUNT_MAIL_LIMITS,
} from './account-mail-deps.js';
import { prepareAccountToken } from './issue-account-token.js';
import { emailProblem, validationError } from './validation.js';

/**
 * Mails a reset link to an active account, and answers the same for any address: unknown,
 * blocked or active, the caller learns nothing (docs/decisions.md, "Mailed tokens").
 */
export type RequestPasswordResetError = DomainError<'VALIDATION_ERROR' | 'RATE_LIMITED'>;
export const REQUEST_PASSWORD_RESET_ERRORS = codesOf<RequestPasswordResetError>()([
  'VALIDATION_ERROR',
  'RATE_LIMITED',
]);

export const requestPasswordReset = async (
  deps: AccountMailDeps,
  email: string,
  limits: AccountMailLimits = DEFAULT_ACCOUNT_MAIL_LIMITS,
): Promise<Result<void, RequestPasswordResetError>> => {
  const problem = validationError([emailProblem(email)]);
  if (problem) return err(problem);
  const now = deps.clock.now();
  // Counted for every address asked, known or not: the count itself reveals nothing.
  const asked = await deps.store.windowCounters.hit(
    `password-reset:${email.toLowerCase()}`,
    limits.perEmailWindowMs,
    now,
  );
  if (asked.count > limits.perEmailMax) {
    const retryAfterS = Math.max(1, Math.ceil((asked.resetAt.getTime() - now.getTime()) / 1000));
    return err(
      domainError('RATE_LIMITED', `Too many reset requests for this address; retry in ${retryAfterS} s`),
    );
  }
  const user = await deps.users.findByEmail(email);
  // The token is made and its mail sealed whether or not it is sent, so the answer takes as long.
  const recipient: MailRecipient = {
    userId: user?.id ?? null,
    username: user?.username ?? '',
    email: user?.email ?? email,
  };
  const issued = prepareAccountToken(
    deps,
    'password-reset',
    { userId: recipient.userId ?? '', email: recipient.email },
    now,
  );
  const message = await newMailMessage(
    deps.vault,
    {
      sourceId: issued.record.id,
      recipient,
      content: { template: 'password-reset', token: issued.token, expiresAt: issued.record.expiresAt },
    },
    now,
  );
  if (!user?.isActive) return ok(undefined);
  await deps.store.accountTokens.replace(issued.record);
  await deps.store.mail.enqueue([message]);
  return ok(undefined);
};
