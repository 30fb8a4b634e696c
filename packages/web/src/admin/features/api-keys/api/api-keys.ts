import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { holdsSecret } from '../../../../shared/api/holds-secret.js';
import { call, shop } from '../../../../shared/api/shop.js';
import type { NewApiKey } from '../utils/api-key-input.js';
import { apiKeyKeys } from './api-key-keys.js';

/** Every key, revoked ones too, newest first (never the key itself). */
export const useApiKeys = () =>
  useQuery({
    queryKey: apiKeyKeys.list(),
    queryFn: async () => (await call(() => shop.GET('/api/admin/api-keys'))).apiKeys,
  });

/** Makes a key; the answer carries the key itself, the only time the API gives it. */
export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...holdsSecret,
    mutationFn: ({ name, scopes, expiresAt }: NewApiKey) =>
      call(() =>
        shop.POST('/api/admin/api-keys', {
          body: { name, scopes: [...scopes], ...(expiresAt ? { expiresAt } : {}) },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
};

/** Revokes a key: it is refused from its next request on. */
export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(() => shop.DELETE('/api/admin/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
};
