import { useQuery } from '@tanstack/react-query';
import { call, shop } from '../../api/shop.js';
import { amountParam } from '../utils/amount-param.js';
import { paymentKeys } from './payment-keys.js';

/** What paying `amount` TRX from the shopper's wallet would burn, and whether the wallet can pay it. */
export const useFeeEstimate = (amount: number) => {
  const text = amountParam(amount);
  return useQuery({
    queryKey: paymentKeys.feeEstimate(text),
    queryFn: () => call(() => shop.GET('/api/wallets/fee-estimate', { params: { query: { amount: text } } })),
  });
};
