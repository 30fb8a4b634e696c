import { type DomainError, domainError } from '../../errors/domain-error.js';
import type { UserStore } from '../../ports/user-store.port.js';
import { err, ok, type Result } from '../../shared/result.js';

export interface MerchantWallet {
  readonly address: string;
  /** The admin owning the wallet; null for a configured address (no key, so no refunds). */
  readonly ownerId: string | null;
  readonly encryptedPrivateKey: string | null;
}

/** The first admin's custodial wallet (by creation time); else MERCHANT_WALLET_ADDRESS. */
export type MerchantWalletError = DomainError<'MERCHANT_NOT_CONFIGURED'>;

export const resolveMerchantWallet = async (
  users: UserStore,
  configuredAddress: string | null,
): Promise<Result<MerchantWallet, MerchantWalletError>> => {
  const admin = await users.firstAdmin();
  if (admin?.wallet.address) {
    return ok({
      address: admin.wallet.address,
      ownerId: admin.id,
      encryptedPrivateKey: admin.wallet.encryptedPrivateKey,
    });
  }
  if (configuredAddress) return ok({ address: configuredAddress, ownerId: null, encryptedPrivateKey: null });
  return err(
    domainError(
      'MERCHANT_NOT_CONFIGURED',
      'No merchant wallet: create an admin or set MERCHANT_WALLET_ADDRESS',
    ),
  );
};
