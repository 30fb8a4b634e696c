import { createShopClient, type Order, unwrap } from '@trx-shop/client';
import { eventually } from '@trx-shop/test-kit';
import { registerCustomer } from './accounts.js';
import type { RunningShop } from './shop.js';

/** Background work on the devnet (airdrop, payment, refund) is seen within seconds; allow for load. */
const CHAIN_WAIT_MS = 60_000;

export interface SeededOrders {
  /** Paid, then part of it refunded by the admin (the refund confirmed). */
  readonly partlyRefunded: Order;
  /** Paid and confirmed. */
  readonly paid: Order;
  /** Created, never paid. */
  readonly awaitingPayment: Order;
}

/** The shop's first customer, who places the seeded orders. */
export const SEEDED_SHOPPER = {
  email: 'ada.lovelace@example.com',
  username: 'ada_lovelace',
  password: 'analytical-engine-1843',
} as const;

/**
 * What a shop looks like after its first customer: she registers, orders two products in one
 * order and one in another, pays both, leaves a third unpaid; the admin refunds part of the first.
 * Everything over the API with the typed client, the listener confirming on the devnet.
 */
export const seedOrders = async (shop: RunningShop): Promise<SeededOrders> => {
  const { client: customer } = await registerCustomer(shop, SEEDED_SHOPPER);
  await eventually(
    () => unwrap(customer.GET('/api/wallets/balance')),
    (answer) => answer.balance > 0,
    'the airdrop to reach the new wallet',
    CHAIN_WAIT_MS,
    250,
  );
  const { products } = await unwrap(customer.GET('/api/products'));
  const [first, second, third] = products
    .filter((product) => product.stock > 1)
    .sort((a, b) => a.price - b.price);
  if (!first || !second || !third)
    throw new Error(`three products in stock needed, found ${products.length}`);

  const order = async (lines: readonly { productId: string; quantity: number }[]) =>
    (await unwrap(customer.POST('/api/orders', { body: { products: [...lines] } }))).order;
  const read = async (id: string) =>
    (await unwrap(customer.GET('/api/orders/{id}', { params: { path: { id } } }))).order;

  // A customer has one pending order at a time: each is paid before the next is placed.
  const paidOrder = async (lines: readonly { productId: string; quantity: number }[]) => {
    const placed = await order(lines);
    await unwrap(customer.POST('/api/orders/{id}/pay', { params: { path: { id: placed._id } } }));
    return eventually(
      () => read(placed._id),
      (seen) => seen.status === 'completed',
      `order ${placed.orderId} to be paid`,
      CHAIN_WAIT_MS,
      250,
    );
  };
  const twoProducts = await paidOrder([
    { productId: third._id, quantity: 1 },
    { productId: first._id, quantity: 2 },
  ]);
  const oneProduct = await paidOrder([{ productId: second._id, quantity: 1 }]);
  const awaitingPayment = await order([{ productId: first._id, quantity: 1 }]);

  const guest = createShopClient({ baseUrl: shop.apiUrl });
  const { accessToken } = await unwrap(guest.POST('/api/auth/tokens', { body: shop.admin }));
  const admin = createShopClient({ baseUrl: shop.apiUrl, accessToken });
  await unwrap(
    admin.POST('/api/admin/orders/{id}/refund', {
      params: { path: { id: twoProducts._id } },
      body: { amount: first.price, reason: 'One item arrived damaged' },
    }),
  );
  const partlyRefunded = await eventually(
    () => read(twoProducts._id),
    (seen) => seen.refunds.some((refund) => refund.status === 'confirmed'),
    `the partial refund of ${twoProducts.orderId} to confirm`,
    CHAIN_WAIT_MS,
    250,
  );
  return { partlyRefunded, paid: await read(oneProduct._id), awaitingPayment };
};
