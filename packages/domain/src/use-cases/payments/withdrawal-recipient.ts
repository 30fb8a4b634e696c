import { type DomainError, domainError } from '../../errors/domain-error.js';
import type { ChainPort } from '../../ports/chain.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { User } from '../../users/user.js';

export interface SendingWallet {
  readonly address: string;
  readonly encryptedPrivateKey: string;
}

export type WithdrawalRecipientError = DomainError<'INVALID_ADDRESS' | 'NO_WALLET'>;

/** The user's custodial wallet, when it has one the service can sign with. */
export const sendingWalletOf = (user: User): Result<SendingWallet, DomainError<'NO_WALLET'>> =>
  user.wallet.address && user.wallet.encryptedPrivateKey
    ? ok({ address: user.wallet.address, encryptedPrivateKey: user.wallet.encryptedPrivateKey })
    : err(domainError('NO_WALLET', 'User has no wallet'));

/**
 * Where a withdrawal may go, checked in the same order by the withdrawal and by its fee estimate:
 * a valid TRON address, from a wallet the service holds, to another wallet than that one.
 */
export const checkWithdrawalRecipient = (
  chain: Pick<ChainPort, 'isValidAddress'>,
  user: User,
  toAddress: string,
): Result<SendingWallet, WithdrawalRecipientError> => {
  if (!chain.isValidAddress(toAddress)) {
    return err(domainError('INVALID_ADDRESS', 'toAddress is not a valid TRON address'));
  }
  const wallet = sendingWalletOf(user);
  if (!wallet.ok) return wallet;
  if (toAddress === wallet.value.address) {
    return err(domainError('INVALID_ADDRESS', 'toAddress must differ from your own wallet'));
  }
  return wallet;
};
