import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../../../shared/account/api/account-keys.js';
import { call, shop } from '../../../../shared/api/shop.js';

/** Records an external address on the profile (for information: payments still come from the shop wallet). */
export const useConnectWallet = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (walletAddress: string) =>
      call(() => shop.POST('/api/users/wallet/connect', { body: { walletAddress } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile() }),
  });
};
