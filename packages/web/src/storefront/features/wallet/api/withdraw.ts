import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import type { Withdrawal } from '../utils/withdrawal-input.js';
import { walletKeys } from './wallet-keys.js';

export interface WithdrawalAttempt {
  readonly withdrawal: Withdrawal;
  /** One per attempt: the API sends a repeated key's withdrawal once. */
  readonly idempotencyKey: string;
}

export const useWithdraw = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ withdrawal, idempotencyKey }: WithdrawalAttempt) =>
      call(() =>
        shop.POST('/api/wallets/send', {
          params: { header: { 'idempotency-key': idempotencyKey } },
          body: {
            toAddress: withdrawal.toAddress,
            amount: withdrawal.amount,
            ...(withdrawal.code === null ? {} : { code: withdrawal.code }),
          },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
};
