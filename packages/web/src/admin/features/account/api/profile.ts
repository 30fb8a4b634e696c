import type { components } from '@trx-shop/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { accountKeys } from './account-keys.js';

export type ProfileChange = components['schemas']['UpdateProfileRequest'];

/** The signed-in admin's own profile, with its 2FA state. */
export const useProfile = () =>
  useQuery({
    queryKey: accountKeys.profile(),
    queryFn: async () => (await call(() => shop.GET('/api/users/profile'))).user,
  });

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ProfileChange) => call(() => shop.PUT('/api/users/profile', { body: change })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile() }),
  });
};
