import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, shop } from '../../api/shop.js';
import { accountKeys } from './account-keys.js';

/**
 * Mails a new confirmation link (the older one stops working); `sent: false` means the address
 * was confirmed already, so the profile is read again either way.
 */
export const useResendEmailVerification = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(() => shop.POST('/api/auth/email/resend')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile() }),
  });
};
