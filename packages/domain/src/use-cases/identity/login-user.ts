import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import { accountSecurityEvents } from '../../events/administration-events.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { ClientInfo, IdentityDeps } from './identity-deps.js';
import { isNewDevice } from './new-device.js';
import type { Authenticated } from './register-user.js';
import { startSession } from './start-session.js';
import { acceptTwoFactorCode } from './two-factor-code.js';

export interface LoginInput {
  readonly email: string;
  readonly password: string;
  readonly code?: string;
}

export type LoginUserError = DomainError<
  'INVALID_CREDENTIALS' | 'ACCOUNT_BLOCKED' | 'TWO_FACTOR_REQUIRED' | 'INVALID_TWO_FACTOR_CODE'
>;
export const LOGIN_USER_ERRORS = codesOf<LoginUserError>()([
  'INVALID_CREDENTIALS',
  'ACCOUNT_BLOCKED',
  'TWO_FACTOR_REQUIRED',
  'INVALID_TWO_FACTOR_CODE',
]);

const invalidCredentials = (): DomainError<'INVALID_CREDENTIALS'> =>
  domainError('INVALID_CREDENTIALS', 'Invalid email or password');

export const loginUser = async (
  deps: IdentityDeps,
  input: LoginInput,
  client: ClientInfo,
): Promise<Result<Authenticated, LoginUserError>> => {
  const user = await deps.users.findByEmail(input.email);
  const passwordMatches = await deps.passwords.verify(user?.passwordHash ?? null, input.password);
  if (!user || !passwordMatches) return err(invalidCredentials());
  if (!user.isActive) return err(domainError('ACCOUNT_BLOCKED', 'Account is blocked'));

  if (user.twoFactor.enabled) {
    if (!input.code) {
      return err(domainError('TWO_FACTOR_REQUIRED', 'Two-factor authentication code required'));
    }
    const accepted = await acceptTwoFactorCode(deps, user, input.code);
    if (!accepted)
      return err(domainError('INVALID_TWO_FACTOR_CODE', 'Invalid two-factor authentication code'));
  }

  const now = deps.clock.now();
  // Read before the new session exists, which would otherwise match itself.
  const isNew = isNewDevice(user, await deps.sessions.listByUser(user.id), client, now);
  const session = await startSession(deps, user.id, client);
  const origin = {
    sessionId: session.id,
    device: session.device,
    userAgent: session.userAgent,
    address: session.ipAddress,
  };
  await deps.users.recordLogin(
    user.id,
    now,
    isNew ? [accountSecurityEvents(deps.ids, now, user.id).signedInNewDevice(origin)] : [],
  );
  return ok({ user: { ...user, lastLogin: now }, session });
};
