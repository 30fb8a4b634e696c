import { useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { catalogueKeys } from './catalogue-keys.js';

/** One product on sale (getProduct); an archived or unknown one is a 404 PRODUCT_NOT_FOUND. */
export const useProduct = (id: string) =>
  useQuery({
    queryKey: catalogueKeys.product(id),
    queryFn: async () =>
      (await call(() => shop.GET('/api/products/{id}', { params: { path: { id } } }))).product,
  });
