import type { ShopEvent } from './shop-event.js';
import type { Sun } from '../money/sun.js';
import type { UsdtUnits } from '../money/usdt.js';
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
  /** null clears it (no longer sold in USDT); undefined leaves it as it is. */
  readonly priceUsdt?: UsdtUnits | null;
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
  /** A take also drops this stock reservation (the one the payment held), in the same write. */
  readonly reservationKey?: string;
}

/** Units of one product held for one order line while its payment is in flight. */
export interface StockReservation {
  readonly productId: string;
  /** `<orderId>:<lineIndex>` (see `stockReservationKey`). */
  readonly key: string;
  readonly quantity: number;
  readonly reservedAt: Date;
}

export interface ProductStore {
  /** `events` go to the product's outbox in the same write (docs/api.md, "Events"). */
  insert(product: Product, events?: readonly ShopEvent[]): Promise<Product>;
  findById(id: string): Promise<Product | null>;
  findManyByIds(ids: readonly string[]): Promise<readonly Product[]>;
  /** Newest first (createdAt, then id). */
  list(query: ProductQuery, page: PageRequest): Promise<Page<Product>>;
  /** `events` are written with the change, only when the product exists. */
  update(id: string, patch: ProductPatch, at: Date, events?: readonly ShopEvent[]): Promise<Product | null>;
  /** Returns the quantity actually moved (0..quantity). Unknown product: 0. */
  applyStockChange(change: StockChange, at: Date): Promise<number>;
  /** Drops the memory of an applied change once its result is recorded elsewhere. */
  forgetStockChange(productId: string, effectKey: string): Promise<void>;
  /**
   * Holds `quantity` units under `key` in one guarded write, only while stock minus every
   * reservation covers them; false otherwise (nothing held). A key already held answers true
   * without holding more, so concurrent attempts of one order share one reservation.
   */
  reserveStock(reservation: StockReservation): Promise<boolean>;
  /** Drops the reservation `key` of the product, if it is held (releasing twice is harmless). */
  releaseStock(productId: string, key: string): Promise<void>;
  /** Reservations made before `before`, oldest first (the sweep of stranded reservations). */
  listStockReservations(before: Date, limit: number): Promise<readonly StockReservation[]>;
  count(): Promise<number>;
}
