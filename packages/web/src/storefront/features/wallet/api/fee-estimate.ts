import { useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import type { Withdrawal } from '../utils/withdrawal-input.js';
import { walletKeys } from './wallet-keys.js';

/**
 * What the chain would burn for this withdrawal and whether the wallet covers it, asked of the API
 * once the shopper reviews it (null: nothing to review); never kept, since bandwidth changes.
 */
export const useFeeEstimate = (withdrawal: Withdrawal | null) =>
  useQuery({
    queryKey: walletKeys.feeEstimate(withdrawal?.toAddress ?? '', withdrawal?.amount ?? ''),
    queryFn: () =>
      call(() =>
        shop.GET('/api/wallets/fee-estimate', {
          params: { query: { amount: withdrawal?.amount ?? '', to: withdrawal?.toAddress ?? '' } },
        }),
      ),
    enabled: withdrawal !== null,
    staleTime: 0,
    gcTime: 0,
  });
