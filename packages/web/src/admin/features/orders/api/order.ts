import { useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { orderKeys } from './order-keys.js';

/** Any order, as an admin sees it. */
export const useOrder = (id: string) =>
  useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: async () => (await call(() => shop.GET('/api/orders/{id}', { params: { path: { id } } }))).order,
  });

/** The order's events, oldest first, admin actions with who did them. */
export const useOrderHistory = (id: string) =>
  useQuery({
    queryKey: orderKeys.history(id),
    queryFn: async () =>
      (await call(() => shop.GET('/api/admin/orders/{id}/history', { params: { path: { id } } }))).history,
  });
