import { COMPONENT_NAME } from '../../http/components.js';
import { PRODUCT_CATEGORIES, type Product, sunToTrx, usdtUnitsToUsdt } from '@trx-shop/domain';
import { Type } from 'typebox';
import { IsoDate, OneOf } from '../../http/schemas.js';

export const ProductView = Type.Object(
  {
    _id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    price: Type.Number({ description: 'TRX' }),
    priceUsdt: Type.Union([Type.Number(), Type.Null()], {
      description: 'the price in USDT (at most 6 decimals); null: not sold in USDT',
    }),
    category: OneOf(PRODUCT_CATEGORIES),
    stock: Type.Integer(),
    image: Type.String(),
    isActive: Type.Boolean(),
    createdAt: IsoDate,
    updatedAt: IsoDate,
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'Product',
    examples: [
      {
        _id: '6760c0f4a1b2c3d4e5f60718',
        name: 'Ledger Nano X',
        description: 'Hardware wallet with Bluetooth',
        price: 149.5,
        priceUsdt: 39.9,
        category: 'physical',
        stock: 25,
        image: 'https://cdn.example.com/products/ledger-nano-x.png',
        isActive: true,
        createdAt: '2025-01-10T09:00:00.000Z',
        updatedAt: '2025-01-12T14:30:00.000Z',
      },
    ],
  },
);

export const presentProduct = (product: Product) => ({
  _id: product.id,
  name: product.name,
  description: product.description,
  price: sunToTrx(product.priceSun),
  priceUsdt: product.priceUsdt === null ? null : usdtUnitsToUsdt(product.priceUsdt),
  category: product.category,
  stock: product.stock,
  image: product.image,
  isActive: product.isActive,
  createdAt: product.createdAt.toISOString(),
  updatedAt: product.updatedAt.toISOString(),
});
