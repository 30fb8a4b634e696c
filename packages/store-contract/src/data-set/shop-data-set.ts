import type { NewOrder, OrderLine, OrderStatus, Product, ShopStore, User } from '@trx-shop/domain';
import { buildOrder } from '../builders/order.builder.js';
import { newObjectId } from '../builders/object-id.js';
import { buildProduct } from '../builders/product.builder.js';
import { buildUser } from '../builders/user.builder.js';
import { type SeededRandom, seededRandom } from './seeded-random.js';

const DAY_MS = 86_400_000;

/** An order as the data set means it to end up: created pending, then moved to `status`. */
export type DataSetOrder = NewOrder & { readonly status: OrderStatus };

export interface ShopDataSet {
  readonly seed: number;
  readonly now: Date;
  readonly users: readonly User[];
  readonly products: readonly Product[];
  readonly orders: readonly DataSetOrder[];
}

export interface DataSetOptions {
  readonly seed: number;
  readonly now: Date;
  readonly users?: number;
  readonly products?: number;
  readonly orders?: number;
  /** How far back creation times spread. */
  readonly days?: number;
}

const STATUS_WEIGHTS: readonly [OrderStatus, number][] = [
  ['completed', 0.4],
  ['refunded', 0.15],
  ['failed', 0.15],
  ['cancelled', 0.15],
  ['pending', 0.15],
];

const pickStatus = (random: SeededRandom): OrderStatus => {
  let roll = random.next();
  for (const [status, weight] of STATUS_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return status;
  }
  return 'completed';
};

const utcMidnightDaysBack = (now: Date, days: number): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days));

/**
 * Instants the read models must get exactly right: both window edges (half-open), the first
 * chart midnight and the millisecond before it.
 */
const edgeInstants = (now: Date): Date[] => [
  new Date(now.getTime() - 30 * DAY_MS),
  new Date(now.getTime() - 60 * DAY_MS),
  new Date(now.getTime() - 30 * DAY_MS - 1),
  utcMidnightDaysBack(now, 180),
  new Date(utcMidnightDaysBack(now, 180).getTime() - 1),
  new Date(now.getTime() - 1),
];

/**
 * Users (customers, a few admins, some blocked), products and orders in every status, with
 * creation times spread over `days` days before `now`, generated from `seed`.
 */
export const generateShopDataSet = (options: DataSetOptions): ShopDataSet => {
  const random = seededRandom(options.seed);
  const { now } = options;
  const days = options.days ?? 200;
  const randomInstant = (): Date => new Date(now.getTime() - 1 - random.integer(0, days * DAY_MS - 1));

  const users: User[] = [];
  for (let i = 0; i < (options.users ?? 30); i++) {
    const createdAt = randomInstant();
    users.push(
      buildUser({
        id: newObjectId(createdAt),
        email: `Shopper${i}.${options.seed}@Example.com`,
        username: `Shopper_${i}_${options.seed}`,
        role: i % 10 === 3 ? 'admin' : 'user',
        isActive: !random.chance(0.2),
        createdAt,
        updatedAt: createdAt,
        lastLogin: random.chance(0.3) ? null : createdAt,
      }),
    );
  }

  const products: Product[] = [];
  for (let i = 0; i < (options.products ?? 12); i++) {
    const createdAt = randomInstant();
    products.push(
      buildProduct({
        name: `Catalogue item ${i}`,
        priceSun: random.integer(1, 5_000) * 1_000,
        category: random.pick(['digital', 'physical', 'service'] as const),
        createdAt,
        updatedAt: createdAt,
      }),
    );
  }

  const edges = edgeInstants(now);
  const orders: DataSetOrder[] = [];
  for (let i = 0; i < (options.orders ?? 160); i++) {
    const user = random.pick(users);
    const createdAt = edges[i] ?? randomInstant();
    const lines: OrderLine[] = [];
    const lineCount = random.integer(1, 3);
    for (let l = 0; l < lineCount; l++) {
      const product = random.pick(products);
      lines.push({
        productId: product.id,
        name: product.name,
        priceSun: product.priceSun,
        quantity: random.integer(1, 5),
        color: null,
      });
    }
    orders.push({
      ...buildOrder({ id: newObjectId(createdAt), userId: user.id, lines, createdAt, updatedAt: createdAt }),
      status: pickStatus(random),
    });
  }
  orders.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  // Orders are loaded oldest first, so only a user's latest order may stay pending.
  const seenLater = new Set<string>();
  for (let i = orders.length - 1; i >= 0; i--) {
    const order = orders[i] as DataSetOrder;
    if (order.status === 'pending' && seenLater.has(order.userId))
      orders[i] = { ...order, status: 'cancelled' };
    seenLater.add(order.userId);
  }
  return { seed: options.seed, now, users, products, orders };
};

/** Stores the data set through the ports: each order is created pending, then moved to its status. */
export const loadShopDataSet = async (store: ShopStore, data: ShopDataSet): Promise<void> => {
  for (const user of data.users) {
    const inserted = await store.users.insert(user);
    if (!inserted.ok) throw inserted.error;
  }
  for (const product of data.products) await store.products.insert(product);
  for (const { status, ...order } of data.orders) {
    const created = await store.orders.create({ ...order, status: 'pending' });
    if (!created.ok) throw created.error;
    if (status === 'pending') continue;
    const changed = await store.orders.changeStatus(order.id, {
      from: ['pending'],
      to: status,
      at: order.createdAt,
    });
    if (!changed.ok)
      throw new Error(`data set: moving ${order.id} to ${status} failed with ${changed.error}`);
  }
};
