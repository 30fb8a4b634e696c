import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import { passwordResetEvent } from '../../events/administration-events.js';
import { appendEvent } from '../../events/append-event.js';
import { err, ok, type Result } from '../../shared/result.js';
import { newMailMessage } from '../mail/queue-mail.js';
import type { AccountMailDeps } from './account-mail-deps.js';
import type { ClientInfo } from './identity-deps.js';
import { passwordProblem, validationError } from './validation.js';

export interface PasswordResetInput {
  readonly token: string;
  readonly password: string;
  readonly passwordConfirm: string;
}

/**
 * Sets a new password with a mailed token, once: every session (and so every refresh token) of
 * the account ends, a "password changed" notice is queued, and `user.password_reset` is logged.
 */
export type ResetPasswordError = DomainError<'VALIDATION_ERROR' | 'INVALID_RESET_TOKEN'>;
export const RESET_PASSWORD_ERRORS = codesOf<ResetPasswordError>()([
  'VALIDATION_ERROR',
  'INVALID_RESET_TOKEN',
]);

const invalidToken = () =>
  domainError('INVALID_RESET_TOKEN', 'This reset link is invalid, used or expired; ask for a new one');

export const resetPassword = async (
  deps: AccountMailDeps,
  input: PasswordResetInput,
  client: ClientInfo,
): Promise<Result<void, ResetPasswordError>> => {
  // Checked before the token is spent, so a mistyped password leaves the link working.
  const problem = validationError([
    passwordProblem(input.password),
    input.password === input.passwordConfirm
      ? null
      : { field: 'passwordConfirm', message: 'Passwords do not match' },
  ]);
  if (problem) return err(problem);
  const now = deps.clock.now();
  const token = await deps.store.accountTokens.consume('password-reset', deps.tokens.hash(input.token), now);
  if (!token) return err(invalidToken());
  const user = await deps.users.findById(token.userId);
  // A link mailed to an address the account no longer has, or to an account blocked since, is void.
  if (!user?.isActive || user.email.toLowerCase() !== token.email.toLowerCase()) return err(invalidToken());

  await deps.users.updatePasswordHash(user.id, await deps.passwords.hash(input.password), now);
  await deps.sessions.deactivateOthers(user.id, null);
  await deps.store.mail.enqueue([
    await newMailMessage(
      deps.vault,
      {
        sourceId: token.id,
        recipient: { userId: user.id, username: user.username, email: user.email },
        content: { template: 'password-changed', at: now },
      },
      now,
    ),
  ]);
  await appendEvent(
    { store: deps.store, clock: deps.clock },
    passwordResetEvent(deps.ids, now, { userId: user.id, email: token.email, address: client.ipAddress }),
  );
  return ok(undefined);
};
