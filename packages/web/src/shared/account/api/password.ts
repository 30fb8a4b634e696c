import { useMutation, useQueryClient } from '@tanstack/react-query';
import { holdsSecret } from '../../api/holds-secret.js';
import { call, shop } from '../../api/shop.js';
import { accountKeys } from './account-keys.js';

export interface PasswordChange {
  readonly currentPassword: string;
  readonly newPassword: string;
}

/** A new password ends every other session, so the sessions are read again. */
export const useChangePassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...holdsSecret,
    mutationFn: (change: PasswordChange) => call(() => shop.PUT('/api/users/password', { body: change })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
};
