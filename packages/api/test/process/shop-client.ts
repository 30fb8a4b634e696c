import { call, eventually } from '@trx-shop/test-kit';
import { expect } from 'vitest';

/** The shop's own steps over real HTTP, for tests that run the service as a child process. */
export const trxToSun = (trx: number): number => Math.round(trx * 1_000_000);

export const balanceSun = async (
  apiUrl: string,
  token: string,
): Promise<{ balance: number; pendingOutgoing: number }> => {
  const answer = await call(apiUrl, 'GET', '/api/wallets/balance', { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return {
    balance: trxToSun(answer.body.balance as number),
    pendingOutgoing: trxToSun(answer.body.pendingOutgoing as number),
  };
};

export const waitForAirdrop = async (apiUrl: string, token: string): Promise<number> =>
  (
    await eventually(
      () => balanceSun(apiUrl, token),
      ({ balance }) => balance > 0,
      'the registration airdrop',
      30_000,
      150,
    )
  ).balance;

export interface PlacedOrder {
  readonly id: string;
  readonly totalSun: number;
  readonly merchantAddress: string;
}

/** Orders two of the cheapest in-stock product. */
export const placeOrder = async (apiUrl: string, token: string): Promise<PlacedOrder> => {
  const listed = await call(apiUrl, 'GET', '/api/products?limit=50');
  expect(listed.status).toBe(200);
  const products = listed.body.products as { _id: string; price: number; stock: number }[];
  const cheapest = products.filter((product) => product.stock >= 2).sort((a, b) => a.price - b.price)[0];
  if (!cheapest) throw new Error(`no product to order in ${JSON.stringify(products)}`);
  const created = await call(apiUrl, 'POST', '/api/orders', {
    token,
    body: { products: [{ productId: cheapest._id, quantity: 2 }] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const order = created.body.order as { _id: string; total: number; merchantAddress: string };
  // Spec: total = subtotal + networkFee (-0.01), computed here from the listed price.
  const expectedTotalSun = trxToSun(cheapest.price) * 2 - 10_000;
  expect(trxToSun(order.total)).toBe(expectedTotalSun);
  return { id: order._id, totalSun: expectedTotalSun, merchantAddress: order.merchantAddress };
};

export const payOrder = async (apiUrl: string, token: string, orderId: string): Promise<string> => {
  const paid = await call(apiUrl, 'POST', `/api/orders/${orderId}/pay`, { token });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const transaction = paid.body.transaction as { hash: string; status: string };
  expect(transaction.status).toBe('pending');
  return transaction.hash;
};

export const waitForOrderStatus = async (apiUrl: string, token: string, orderId: string, status: string) => {
  const answer = await eventually(
    () => call(apiUrl, 'GET', `/api/orders/${orderId}`, { token }),
    (seen) => (seen.body.order as { status?: string } | undefined)?.status === status,
    `order ${orderId} to become ${status}`,
    30_000,
    150,
  );
  return answer.body.order as { status: string };
};
