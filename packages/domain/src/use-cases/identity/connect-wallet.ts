import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { IdentityDeps } from './identity-deps.js';

/** Records an external address for reference; the custodial address and key never change. */
export type ConnectWalletError = DomainError<'INVALID_ADDRESS' | 'USER_NOT_FOUND'>;
export const CONNECT_WALLET_ERRORS = codesOf<ConnectWalletError>()(['INVALID_ADDRESS', 'USER_NOT_FOUND']);

export const connectWallet = async (
  deps: Pick<IdentityDeps, 'users' | 'chain' | 'clock'>,
  userId: string,
  walletAddress: string,
): Promise<Result<void, ConnectWalletError>> => {
  if (!deps.chain.isValidAddress(walletAddress)) {
    return err(domainError('INVALID_ADDRESS', 'walletAddress is not a valid TRON address'));
  }
  const updated = await deps.users.updateProfile(
    userId,
    { externalWalletAddress: walletAddress },
    deps.clock.now(),
  );
  if (updated.ok) return ok(undefined);
  const { code, message } = updated.error;
  // The patch names no username, so a clash on one would be a broken store, not a refusal.
  if (code === 'USERNAME_TAKEN') throw updated.error;
  return err(domainError(code, message));
};
