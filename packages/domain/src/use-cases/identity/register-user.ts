import { codesOf } from '../../errors/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Session } from '../../users/session.js';
import type { User } from '../../users/user.js';
import { type CreateAccountError, createAccount } from './create-account.js';
import { mailEmailVerification, type VerificationMailDeps } from './email-verification.js';
import type { ClientInfo, IdentityDeps } from './identity-deps.js';
import { startSession } from './start-session.js';
import { emailProblem, passwordProblem, usernameProblem, validationError } from './validation.js';

export interface RegistrationInput {
  readonly email: string;
  readonly username: string;
  readonly password: string;
  readonly passwordConfirm: string;
}

export interface Authenticated {
  readonly user: User;
  readonly session: Session;
}

/** What registration needs beyond identity: where the verification token and mail go. */
export type RegisterUserDeps = IdentityDeps & Pick<VerificationMailDeps, 'store' | 'tokens'>;

/**
 * Registration (role `user`, `lastLogin` set, address unconfirmed) opens the first session at once
 * and mails a link to confirm the address.
 */
export type RegisterUserError = CreateAccountError;
export const REGISTER_USER_ERRORS = codesOf<RegisterUserError>()([
  'VALIDATION_ERROR',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
]);

export const registerUser = async (
  deps: RegisterUserDeps,
  input: RegistrationInput,
  client: ClientInfo,
): Promise<Result<Authenticated, RegisterUserError>> => {
  const problem = validationError([
    emailProblem(input.email),
    usernameProblem(input.username),
    passwordProblem(input.password),
    input.password === input.passwordConfirm
      ? null
      : { field: 'passwordConfirm', message: 'Passwords do not match' },
  ]);
  if (problem) return err(problem);
  const created = await createAccount(deps, { ...input, role: 'user' });
  if (!created.ok) return created;
  await mailEmailVerification(deps, created.value, deps.clock.now());
  return ok({ user: created.value, session: await startSession(deps, created.value.id, client) });
};
