/** Every query key of the customers feature, so a mutation can invalidate exactly what it changed. */
export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (search: string | undefined, page: number) => [...customerKeys.lists(), { search }, page] as const,
  customer: (id: string) => [...customerKeys.all, 'customer', id] as const,
  detail: (id: string) => [...customerKeys.customer(id), 'detail'] as const,
  orders: (id: string, page: number) => [...customerKeys.customer(id), 'orders', page] as const,
};
