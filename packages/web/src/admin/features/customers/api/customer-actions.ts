import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { customerKeys } from './customer-keys.js';

/** Blocks (`false`) or unblocks (`true`) the customer; their page and every list page are read again. */
export const useSetCustomerActive = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isActive: boolean) =>
      call(() =>
        shop.PATCH('/api/admin/customers/{id}/block', { params: { path: { id } }, body: { isActive } }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.customer(id) }),
        queryClient.invalidateQueries({ queryKey: customerKeys.lists() }),
      ]),
  });
};
