import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import { accountSecurityEvents } from '../../events/administration-events.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { IdentityDeps } from './identity-deps.js';
import { acceptTwoFactorCode } from './two-factor-code.js';

export interface TwoFactorSetup {
  readonly secret: string;
  readonly otpauthUrl: string;
}

type TwoFactorDeps = Pick<IdentityDeps, 'users' | 'vault' | 'totp' | 'clock' | 'ids'>;

const invalidCode = (): DomainError<'INVALID_TWO_FACTOR_CODE'> =>
  domainError('INVALID_TWO_FACTOR_CODE', 'Invalid two-factor authentication code');

export type BeginTwoFactorSetupError = DomainError<
  'USER_NOT_FOUND' | 'INVALID_CURRENT_PASSWORD' | 'VALIDATION_ERROR'
>;
export const BEGIN_TWO_FACTOR_SETUP_ERRORS = codesOf<BeginTwoFactorSetupError>()([
  'USER_NOT_FOUND',
  'INVALID_CURRENT_PASSWORD',
  'VALIDATION_ERROR',
]);
export type VerifyTwoFactorError = DomainError<
  'USER_NOT_FOUND' | 'VALIDATION_ERROR' | 'INVALID_TWO_FACTOR_CODE'
>;
export const VERIFY_TWO_FACTOR_ERRORS = codesOf<VerifyTwoFactorError>()([
  'USER_NOT_FOUND',
  'VALIDATION_ERROR',
  'INVALID_TWO_FACTOR_CODE',
]);
export type DisableTwoFactorError = DomainError<
  'USER_NOT_FOUND' | 'VALIDATION_ERROR' | 'INVALID_CURRENT_PASSWORD' | 'INVALID_TWO_FACTOR_CODE'
>;
export const DISABLE_TWO_FACTOR_ERRORS = codesOf<DisableTwoFactorError>()([
  'USER_NOT_FOUND',
  'VALIDATION_ERROR',
  'INVALID_CURRENT_PASSWORD',
  'INVALID_TWO_FACTOR_CODE',
]);

/**
 * Starts (or restarts) setup: a new secret is stored sealed but inactive until a code made from
 * it is verified. This is the only answer that ever shows the secret. It needs the current
 * password, so a stolen access token alone cannot put 2FA on the account and lock its owner out.
 */
export const beginTwoFactorSetup = async (
  deps: TwoFactorDeps & Pick<IdentityDeps, 'passwords'>,
  userId: string,
  password: string,
): Promise<Result<TwoFactorSetup, BeginTwoFactorSetupError>> => {
  const user = await deps.users.findById(userId);
  if (!user) return err(domainError('USER_NOT_FOUND', 'User not found'));
  if (!(await deps.passwords.verify(user.passwordHash, password))) {
    return err(domainError('INVALID_CURRENT_PASSWORD', 'Password is incorrect'));
  }
  if (user.twoFactor.enabled) {
    const message = 'Two-factor authentication is already enabled; disable it first';
    return err(domainError('VALIDATION_ERROR', message, { details: [{ field: 'twoFactor', message }] }));
  }
  const secret = deps.totp.newSecret();
  await deps.users.setTwoFactor(
    userId,
    { enabled: false, encryptedSecret: await deps.vault.seal(secret, userId), lastAcceptedStep: null },
    deps.clock.now(),
  );
  return ok({ secret, otpauthUrl: deps.totp.keyUri(user.email, secret) });
};

export const verifyTwoFactor = async (
  deps: TwoFactorDeps,
  userId: string,
  code: string,
): Promise<Result<void, VerifyTwoFactorError>> => {
  const user = await deps.users.findById(userId);
  if (!user) return err(domainError('USER_NOT_FOUND', 'User not found'));
  if (!user.twoFactor.encryptedSecret || user.twoFactor.enabled) {
    const message = 'Start two-factor setup with /api/security/2fa/enable first';
    return err(domainError('VALIDATION_ERROR', message, { details: [{ field: 'code', message }] }));
  }
  if (!(await acceptTwoFactorCode(deps, user, code))) return err(invalidCode());
  const fresh = await deps.users.findById(userId);
  const now = deps.clock.now();
  await deps.users.setTwoFactor(
    userId,
    {
      enabled: true,
      encryptedSecret: user.twoFactor.encryptedSecret,
      lastAcceptedStep: fresh?.twoFactor.lastAcceptedStep ?? null,
    },
    now,
    [accountSecurityEvents(deps.ids, now, userId).twoFactorEnabled()],
  );
  return ok(undefined);
};

export const disableTwoFactor = async (
  deps: TwoFactorDeps & Pick<IdentityDeps, 'passwords'>,
  userId: string,
  input: { readonly code: string; readonly password: string },
): Promise<Result<void, DisableTwoFactorError>> => {
  const user = await deps.users.findById(userId);
  if (!user) return err(domainError('USER_NOT_FOUND', 'User not found'));
  if (!user.twoFactor.enabled) {
    const message = 'Two-factor authentication is not enabled';
    return err(domainError('VALIDATION_ERROR', message, { details: [{ field: 'code', message }] }));
  }
  if (!(await deps.passwords.verify(user.passwordHash, input.password))) {
    return err(domainError('INVALID_CURRENT_PASSWORD', 'Password is incorrect'));
  }
  if (!(await acceptTwoFactorCode(deps, user, input.code))) return err(invalidCode());
  const now = deps.clock.now();
  await deps.users.setTwoFactor(
    userId,
    { enabled: false, encryptedSecret: null, lastAcceptedStep: null },
    now,
    [accountSecurityEvents(deps.ids, now, userId).twoFactorDisabled()],
  );
  return ok(undefined);
};
