import type { Sun } from '../money/sun.js';
import type { UsdtUnits } from '../money/usdt.js';

export const PRODUCT_CATEGORIES = ['digital', 'physical', 'service'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const isProductCategory = (value: unknown): value is ProductCategory =>
  typeof value === 'string' && (PRODUCT_CATEGORIES as readonly string[]).includes(value);

export interface Product {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly priceSun: Sun;
  /** The price in USDT; null: not sold in USDT. */
  readonly priceUsdt: UsdtUnits | null;
  readonly category: ProductCategory;
  readonly stock: number;
  /**
   * Units held by payments in flight (docs/api.md, "Money safety rules"): what order creation and
   * pay may still promise is `stock - reservedStock`.
   */
  readonly reservedStock: number;
  readonly image: string;
  /** false: archived; cannot be ordered, still listed for admins. */
  readonly isActive: boolean;
  /** The admin who created it; recorded, never shown. */
  readonly createdBy: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 5000;

/** What order creation and pay may still promise; never below 0 (an admin may cut stock below the reservations). */
export const availableStock = (product: Pick<Product, 'stock' | 'reservedStock'>): number =>
  Math.max(0, product.stock - product.reservedStock);
