import type { components } from '@trx-shop/client';

type Schemas = components['schemas'];
export type Product = Schemas['Product'];

export const PRODUCT_ID = '6760c0f4a1b2c3d4e5f60718';

export const aProduct = (overrides: Partial<Product> = {}): Product => ({
  _id: PRODUCT_ID,
  name: 'Ledger Nano X',
  description: 'Hardware wallet with Bluetooth',
  price: 149.5,
  priceUsdt: 39.9,
  category: 'physical',
  stock: 25,
  image: 'https://cdn.example.com/products/ledger-nano-x.png',
  isActive: true,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-12T14:30:00.000Z',
  ...overrides,
});

export const productsAnswer = (
  products: Product[],
  pagination: Schemas['Pagination'],
): Schemas['ListAdminProductsResponse'] => ({ success: true, products, pagination });

export const productAnswer = (product: Product): Schemas['GetAdminProductResponse'] => ({
  success: true,
  product,
});

export const errorAnswer = (
  code: Schemas['Error']['code'],
  error: string,
  details?: Schemas['Error']['details'],
): Schemas['Error'] => ({ success: false, code, error, ...(details ? { details } : {}) });

/** The message shown beside the field labelled `label`, read the way a screen reader reaches it. */
export const messageBeside = (field: HTMLElement): string | null => {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};
