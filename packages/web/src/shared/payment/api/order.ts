import { useQuery } from '@tanstack/react-query';
import { call, shop } from '../../api/shop.js';
import { paymentKeys } from './payment-keys.js';

/** One of the shopper's orders, as the API prices it. */
export const useOrder = (id: string) =>
  useQuery({
    queryKey: paymentKeys.order(id),
    queryFn: async () => (await call(() => shop.GET('/api/orders/{id}', { params: { path: { id } } }))).order,
  });
