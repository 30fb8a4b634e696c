import { useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { productKeys } from './product-keys.js';

/**
 * One product through the storefront's getProduct, the only one-product read the API has: it
 * answers PRODUCT_NOT_FOUND for an archived product, even to an admin.
 */
export const useProduct = (id: string) =>
  useQuery({
    queryKey: productKeys.product(id),
    queryFn: async () =>
      (await call(() => shop.GET('/api/products/{id}', { params: { path: { id } } }))).product,
  });
