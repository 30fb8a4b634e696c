import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../../../shared/account/api/account-keys.js';
import { holdsSecret } from '../../../../shared/api/holds-secret.js';
import { call, shop } from '../../../../shared/api/shop.js';

/** Confirms the address with the mailed token; a signed-in profile is read again to show it. */
export const useVerifyEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...holdsSecret,
    mutationFn: (token: string) => call(() => shop.POST('/api/auth/email/verify', { body: { token } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile() }),
  });
};
