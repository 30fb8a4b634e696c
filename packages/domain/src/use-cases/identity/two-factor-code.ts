import type { User } from '../../users/user.js';
import type { IdentityDeps } from './identity-deps.js';

/**
 * Checks a TOTP code against the user's sealed secret and consumes its time step, so the same
 * code (or an older one) is never accepted twice, even by two racing requests.
 */
export const acceptTwoFactorCode = async (
  deps: Pick<IdentityDeps, 'users' | 'vault' | 'totp' | 'clock'>,
  user: User,
  code: string,
): Promise<boolean> => {
  const sealed = user.twoFactor.encryptedSecret;
  if (!sealed || !/^\d{6}$/.test(code)) return false;
  const secret = await deps.vault.open(sealed, user.id);
  const step = deps.totp.matchingStep(secret, code, deps.clock.now());
  if (step === null) return false;
  return deps.users.acceptTwoFactorStep(user.id, step);
};
