import type { Product } from '@trx-shop/domain';
import { BUILDER_NOW } from './fixed-time.js';
import { newObjectId } from './object-id.js';

let productSerial = 0;

export const buildProduct = (overrides: Partial<Product> = {}): Product => {
  productSerial += 1;
  const createdAt = overrides.createdAt ?? BUILDER_NOW;
  return {
    id: newObjectId(),
    name: `Product ${productSerial}`,
    description: `Description of product ${productSerial}`,
    priceSun: 1_500_000,
    priceUsdt: null,
    category: 'digital',
    stock: 100,
    reservedStock: 0,
    image: `https://images.example.com/${productSerial}.png`,
    isActive: true,
    createdBy: null,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
};
