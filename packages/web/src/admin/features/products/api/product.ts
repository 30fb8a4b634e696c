import { useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { productKeys } from './product-keys.js';

/** One product through the admin's getAdminProduct, which answers archived products too. */
export const useProduct = (id: string) =>
  useQuery({
    queryKey: productKeys.product(id),
    queryFn: async () =>
      (await call(() => shop.GET('/api/admin/products/{id}', { params: { path: { id } } }))).product,
  });
