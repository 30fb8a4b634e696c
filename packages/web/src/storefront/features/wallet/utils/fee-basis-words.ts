import type { components } from '@trx-shop/client';

type FeeBasis = components['schemas']['GetFeeEstimateResponse']['feeBasis'];

/** Why the network fee is what it is, in the shopper's words. */
export const FEE_BASIS_WORDS: Readonly<Record<FeeBasis, string>> = {
  'bandwidth-covered': 'your wallet’s free bandwidth covers this transfer',
  'bandwidth-burned': 'the transfer’s bandwidth is paid in burned TRX',
  'account-activation': 'includes activating the recipient’s new TRON account',
};
