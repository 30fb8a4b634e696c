import type { components } from '@trx-shop/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { productKeys } from './product-keys.js';

type UpdateProductBody = components['schemas']['UpdateProductRequest'];

/** After a change the product and every list page it may sit on are read again. */
const useRefreshProducts = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productKeys.all });
};

export const useCreateProduct = () => {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: (body: components['schemas']['CreateProductRequest']) =>
      call(() => shop.POST('/api/admin/products', { body })),
    onSuccess: refresh,
  });
};

/** Sends only the fields given (`{isActive: true}` makes an archived product active again). */
export const useUpdateProduct = (id: string) => {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: (body: UpdateProductBody) =>
      call(() => shop.PATCH('/api/admin/products/{id}', { params: { path: { id } }, body })),
    onSuccess: refresh,
  });
};

export const useArchiveProduct = (id: string) => {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: () => call(() => shop.DELETE('/api/admin/products/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
};
