import { type Order, unwrap } from '@trx-shop/client';
import { eventually } from '@trx-shop/test-kit';
import { type Credentials, registerCustomer } from './accounts.js';
import type { RunningShop } from './shop.js';

/** Background work on the devnet (airdrop, payment, refund) is seen within seconds; allow for load. */
export const CHAIN_WAIT_MS = 60_000;

export type ShopClient = Awaited<ReturnType<typeof registerCustomer>>['client'];

/** A registered customer once the airdrop has reached their wallet, so they can pay. */
export const fundedCustomer = async (shop: RunningShop, customer: Credentials & { username: string }) => {
  const registered = await registerCustomer(shop, customer);
  await eventually(
    () => unwrap(registered.client.GET('/api/wallets/balance')),
    (answer) => answer.balance > 0,
    `the airdrop to reach ${customer.email}`,
    CHAIN_WAIT_MS,
    250,
  );
  return registered;
};

/** The cheapest product with stock to spare, for an order of one. */
export const cheapestProduct = async (client: ShopClient) => {
  const { products } = await unwrap(client.GET('/api/products'));
  const [cheapest] = products.filter((product) => product.stock > 1).sort((a, b) => a.price - b.price);
  if (!cheapest) throw new Error('the embedded default has no product in stock');
  return cheapest;
};

export const placeOrder = async (client: ShopClient, productId: string): Promise<Order> =>
  (await unwrap(client.POST('/api/orders', { body: { products: [{ productId, quantity: 1 }] } }))).order;

/** Pays the order from the customer's wallet and waits for the listener to complete it. */
export const payOrder = async (client: ShopClient, order: Order): Promise<Order> => {
  await unwrap(client.POST('/api/orders/{id}/pay', { params: { path: { id: order._id } } }));
  return eventually(
    async () => (await unwrap(client.GET('/api/orders/{id}', { params: { path: { id: order._id } } }))).order,
    (seen) => seen.status === 'completed',
    `order ${order.orderId} to be paid`,
    CHAIN_WAIT_MS,
    250,
  );
};
