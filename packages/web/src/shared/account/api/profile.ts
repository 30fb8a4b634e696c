import type { components } from '@trx-shop/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../../api/session.js';
import { call, shop } from '../../api/shop.js';
import { accountKeys } from './account-keys.js';

export type ProfileChange = components['schemas']['UpdateProfileRequest'];

/** The signed-in account's own profile, with its wallet addresses and 2FA state. */
export const useProfile = () =>
  useQuery({
    queryKey: accountKeys.profile(),
    queryFn: async () => (await call(() => shop.GET('/api/users/profile'))).user,
  });

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ProfileChange) => call(() => shop.PUT('/api/users/profile', { body: change })),
    // The shell names the account by its username: a new one shows there too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.profile() }),
        queryClient.invalidateQueries({ queryKey: authKeys.currentUser }),
      ]),
  });
};
