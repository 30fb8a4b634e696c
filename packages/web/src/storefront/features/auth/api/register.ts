import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../../../../shared/api/session.js';
import { call, shop } from '../../../../shared/api/shop.js';
import type { Registration } from '../utils/register-input.js';

/** Registration opens the first session itself (it sets the auth cookies): the shopper is signed in. */
export const useRegister = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registration: Registration) =>
      call(() => shop.POST('/api/auth/register', { body: registration })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.currentUser }),
  });
};
