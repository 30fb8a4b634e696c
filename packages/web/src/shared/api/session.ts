import { isShopApiError } from '@trx-shop/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, shop } from './shop.js';

export const authKeys = {
  currentUser: ['auth', 'current-user'] as const,
};

/** The signed-in account, or null when nobody is (a 401 is an answer here, not an error). */
export const useCurrentUser = () =>
  useQuery({
    queryKey: authKeys.currentUser,
    queryFn: async () => {
      try {
        return (await call(() => shop.GET('/api/auth/profile'))).user;
      } catch (error) {
        if (isShopApiError(error) && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

export interface SignInInput {
  readonly email: string;
  readonly password: string;
  /** The authenticator's code, once the API asked for it (TWO_FACTOR_REQUIRED). */
  readonly code?: string | undefined;
}

export const useSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) =>
      call(() =>
        shop.POST('/api/auth/login', {
          body: { email: input.email, password: input.password, ...(input.code ? { code: input.code } : {}) },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.currentUser }),
  });
};

export const useSignOut = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(() => shop.POST('/api/auth/logout')),
    // Nothing of the account's data outlives its session in this tab; the gate, watching the
    // current user, turns to the sign-in page (clearing that query too would leave it unwatched).
    onSettled: () => {
      queryClient.setQueryData(authKeys.currentUser, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.currentUser[0] });
    },
  });
};
