import { type DomainError, domainError } from '../../errors/domain-error.js';
import type { ProfileChangeError } from '../../ports/user-store.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { IdentityDeps } from './identity-deps.js';

/** Records an external address for reference; the custodial address and key never change. */
export type ConnectWalletError = DomainError<'INVALID_ADDRESS'> | ProfileChangeError;

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
  return updated.ok ? ok(undefined) : err(updated.error);
};
