import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../../../shared/account/api/account-keys.js';
import { holdsSecret } from '../../../../shared/api/holds-secret.js';
import { authKeys } from '../../../../shared/api/session.js';
import { call, shop } from '../../../../shared/api/shop.js';

export interface EmailChange {
  readonly email: string;
  readonly currentPassword: string;
}

/**
 * Moves the account to another address (the profile route, with the current password): the new
 * address is unconfirmed until its mailed link is followed, so the profile is read again.
 */
export const useChangeEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...holdsSecret,
    mutationFn: (change: EmailChange) => call(() => shop.PUT('/api/users/profile', { body: change })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.profile() }),
        queryClient.invalidateQueries({ queryKey: authKeys.currentUser }),
      ]),
  });
};
