import type { Sun } from '../money/sun.js';
import type { Product, ProductCategory } from '../products/product.js';
import type { Page, PageRequest } from '../shared/pagination.js';

export interface ProductQuery {
  /** Case-insensitive literal substring of name or description. */
  readonly search?: string;
  readonly category?: ProductCategory;
  /** true: only active products (the public list); undefined: all (the admin list). */
  readonly activeOnly?: boolean;
}

export interface ProductPatch {
  readonly name?: string;
  readonly description?: string;
  readonly priceSun?: Sun;
  readonly category?: ProductCategory;
  readonly stock?: number;
  readonly image?: string;
  readonly isActive?: boolean;
}

/**
 * A stock change applied at most once per `effectKey`. A take never drives stock below 0; the
 * quantity actually moved is returned, and a repeated call with the same key returns the first
 * answer without moving stock again, until `forgetStockChange` is called for that key.
 */
export interface StockChange {
  readonly productId: string;
  readonly effectKey: string;
  readonly kind: 'take' | 'restore';
  readonly quantity: number;
}

export interface ProductStore {
  insert(product: Product): Promise<Product>;
  findById(id: string): Promise<Product | null>;
  findManyByIds(ids: readonly string[]): Promise<readonly Product[]>;
  /** Newest first (createdAt, then id). */
  list(query: ProductQuery, page: PageRequest): Promise<Page<Product>>;
  update(id: string, patch: ProductPatch, at: Date): Promise<Product | null>;
  /** Returns the quantity actually moved (0..quantity). Unknown product: 0. */
  applyStockChange(change: StockChange, at: Date): Promise<number>;
  /** Drops the memory of an applied change once its result is recorded elsewhere. */
  forgetStockChange(productId: string, effectKey: string): Promise<void>;
  count(): Promise<number>;
}
