import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@trx-shop/client';
import { holdsSecret } from '../../../../shared/api/holds-secret.js';
import { authKeys } from '../../../../shared/api/session.js';
import { call, shop } from '../../../../shared/api/shop.js';

export type PasswordReset = components['schemas']['ResetPasswordRequest'];

/** Asks for a reset link; the API answers the same whether the address has an account or not. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (email: string) => call(() => shop.POST('/api/auth/password/forgot', { body: { email } })),
  });

/**
 * Sets the new password with the mailed token; the API ends every session of the account, so
 * the signed-in user (maybe this very browser) is read again.
 */
export const useResetPassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...holdsSecret,
    mutationFn: (reset: PasswordReset) => call(() => shop.POST('/api/auth/password/reset', { body: reset })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.currentUser }),
  });
};
