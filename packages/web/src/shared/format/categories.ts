import type { Product } from '@trx-shop/client';

export type ProductCategory = Product['category'];

/** Every category in words; a Record, so a category the API adds cannot be left out. */
export const CATEGORY_WORDS: Readonly<Record<ProductCategory, string>> = {
  digital: 'Digital',
  physical: 'Physical',
  service: 'Service',
};

export const CATEGORIES = Object.keys(CATEGORY_WORDS) as ProductCategory[];

export const isCategory = (value: string | null): value is ProductCategory =>
  value !== null && Object.hasOwn(CATEGORY_WORDS, value);
