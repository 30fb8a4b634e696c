import type { OrderLine, OrderStatus, Product, ShopStore, User } from '@trx-shop/domain';
import { buildOrder, buildProduct, buildUser, newObjectId, seededRandom } from '@trx-shop/store-contract';

const DAY_MS = 86_400_000;

export interface DataSetSize {
  readonly users: number;
  readonly products: number;
  readonly orders: number;
  readonly days: number;
}

export interface SeededLogins {
  /** Every seeded user has this password. */
  readonly password: string;
  readonly adminEmail: string;
  /** A customer with orders, for the authenticated order list. */
  readonly customerEmail: string;
  /** A fragment of some usernames and emails, for the customer search. */
  readonly customerSearch: string;
}

// Pending orders are left out: a user may hold only one, and the figures do not need them.
const STATUS_WEIGHTS: readonly [OrderStatus, number][] = [
  ['completed', 0.5],
  ['refunded', 0.15],
  ['failed', 0.15],
  ['cancelled', 0.2],
];

/**
 * Users (one in ten an admin), products and orders spread over `days` days before `now`, stored
 * through the store's ports with the contract suite's builders, so the service reads exactly what
 * its own writes would have produced. Orders go in as they are generated, never all in memory.
 */
export const seedDataSet = async (
  store: ShopStore,
  size: DataSetSize,
  passwordHash: string,
  password: string,
  now: Date = new Date(),
): Promise<SeededLogins> => {
  const random = seededRandom(20_261_121);
  const randomInstant = (): Date => new Date(now.getTime() - 1 - random.integer(0, size.days * DAY_MS - 1));
  const pickStatus = (): OrderStatus => {
    let roll = random.next();
    for (const [status, weight] of STATUS_WEIGHTS) {
      roll -= weight;
      if (roll < 0) return status;
    }
    return 'completed';
  };

  const users: User[] = [];
  for (let i = 0; i < size.users; i++) {
    const createdAt = randomInstant();
    const user = buildUser({
      id: newObjectId(createdAt),
      email: `shopper${i}@bench.example`,
      username: `shopper_${i}`,
      passwordHash,
      role: i % 10 === 0 ? 'admin' : 'user',
      createdAt,
      updatedAt: createdAt,
    });
    const inserted = await store.users.insert(user);
    if (!inserted.ok) throw inserted.error;
    users.push(user);
  }

  const products: Product[] = [];
  for (let i = 0; i < size.products; i++) {
    const createdAt = randomInstant();
    const product = buildProduct({
      id: newObjectId(createdAt),
      name: `Catalogue item ${i}`,
      priceSun: random.integer(1, 5_000) * 1_000,
      category: random.pick(['digital', 'physical', 'service'] as const),
      stock: 1_000_000,
      createdAt,
      updatedAt: createdAt,
    });
    await store.products.insert(product);
    products.push(product);
  }

  for (let i = 0; i < size.orders; i++) {
    const createdAt = randomInstant();
    const lines: OrderLine[] = [];
    for (let l = random.integer(1, 3); l > 0; l--) {
      const product = random.pick(products);
      lines.push({
        productId: product.id,
        name: product.name,
        priceSun: product.priceSun,
        quantity: random.integer(1, 5),
        color: null,
      });
    }
    const user = random.pick(users);
    const created = await store.orders.create({
      ...buildOrder({ id: newObjectId(createdAt), userId: user.id, lines, createdAt, updatedAt: createdAt }),
      status: pickStatus(),
    });
    if (!created.ok) throw created.error;
  }

  // Index 0 is an admin; index 1 a customer.
  return {
    password,
    adminEmail: 'shopper0@bench.example',
    customerEmail: 'shopper1@bench.example',
    customerSearch: 'shopper_12',
  };
};
