/** Every query key of the cart feature, from one place. */
export const cartKeys = {
  all: ['cart'] as const,
  product: (id: string) => [...cartKeys.all, 'product', id] as const,
};
