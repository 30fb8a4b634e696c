import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, shop } from '../../api/shop.js';
import { accountKeys } from './account-keys.js';

/** The account's active sessions, the one of this tab marked `current`. */
export const useSessions = () =>
  useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: async () => (await call(() => shop.GET('/api/sessions'))).sessions,
  });

export const useRevokeSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(() => shop.DELETE('/api/sessions/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
};
