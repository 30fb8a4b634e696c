import type { components } from '@trx-shop/client';

type Schemas = components['schemas'];
export type Product = Schemas['Product'];

export const LEDGER_ID = '6760c0f4a1b2c3d4e5f60718';
export const EBOOK_ID = '6760c0f4a1b2c3d4e5f60719';
export const SHIRT_ID = '6760c0f4a1b2c3d4e5f6071a';

export const aProduct = (overrides: Partial<Product> = {}): Product => ({
  _id: LEDGER_ID,
  name: 'Ledger Nano X',
  description: 'Hardware wallet with Bluetooth',
  price: 149.5,
  // Priced in USDT too: the storefront must still show TRX only until checkout takes USDT.
  priceUsdt: 39.9,
  category: 'physical',
  stock: 25,
  image: 'https://cdn.example.com/products/ledger-nano-x.png',
  isActive: true,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-12T14:30:00.000Z',
  ...overrides,
});

export const ebook = (overrides: Partial<Product> = {}): Product =>
  aProduct({
    _id: EBOOK_ID,
    name: 'E-book: TRON for Shop Owners',
    description: 'A PDF guide.',
    price: 12.5,
    category: 'digital',
    stock: 3,
    image: '',
    ...overrides,
  });

export const shirt = (overrides: Partial<Product> = {}): Product =>
  aProduct({
    _id: SHIRT_ID,
    name: 'TRX Shop T-Shirt',
    description: 'Organic cotton.',
    price: 19.99,
    stock: 0,
    image: 'http://insecure.example.com/shirt.png',
    ...overrides,
  });

export const listAnswer = (products: Product[], total = products.length, page = 1) => ({
  success: true as const,
  products,
  pagination: { total, page, pages: Math.max(1, Math.ceil(total / 12)), limit: 12 },
});

export const productAnswer = (product: Product) => ({ success: true as const, product });

export const errorAnswer = (code: Schemas['Error']['code'], error: string): Schemas['Error'] => ({
  success: false,
  code,
  error,
});

/** The cart as stored, parsed (what a reload would read back). */
export const storedCart = (): unknown => JSON.parse(window.localStorage.getItem('trx-shop.cart') ?? 'null');

export const storeCart = (lines: readonly { productId: string; quantity: number }[]): void =>
  window.localStorage.setItem('trx-shop.cart', JSON.stringify(lines));
