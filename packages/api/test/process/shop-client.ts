import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';

export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly setCookies: readonly string[];
}

/** Real HTTP against the child process; Bearer auth (the spec accepts it on user endpoints). */
export const call = async (
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer> => {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : {};
  return {
    status: response.status,
    body: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {},
    setCookies: response.headers.getSetCookie(),
  };
};

const cookieValue = (setCookies: readonly string[], name: string): string => {
  for (const line of setCookies) {
    const [pair] = line.split(';');
    const at = pair?.indexOf('=') ?? -1;
    if (pair && at > 0 && pair.slice(0, at) === name) return decodeURIComponent(pair.slice(at + 1));
  }
  throw new Error(`no ${name} cookie in ${JSON.stringify(setCookies)}`);
};

export interface Buyer {
  readonly email: string;
  readonly username: string;
  readonly password: string;
  readonly id: string;
  readonly address: string;
  readonly token: string;
}

export const registerBuyer = async (apiUrl: string): Promise<Buyer> => {
  const tag = randomBytes(4).toString('hex');
  const credentials = {
    email: `buyer-${tag}@example.com`,
    username: `buyer_${tag}`,
    password: `Buyer-${tag}-pw`,
  };
  const answer = await call(apiUrl, 'POST', '/api/auth/register', {
    body: { ...credentials, passwordConfirm: credentials.password },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const user = answer.body.user as { id: string; wallet: { address: string } };
  return {
    ...credentials,
    id: user.id,
    address: user.wallet.address,
    token: cookieValue(answer.setCookies, 'accessToken'),
  };
};

export const logIn = async (apiUrl: string, email: string, password: string): Promise<string> => {
  const answer = await call(apiUrl, 'POST', '/api/auth/login', { body: { email, password } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return cookieValue(answer.setCookies, 'accessToken');
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` answers non-null; the last seen state goes into the failure message. */
export const eventually = async <T>(
  what: string,
  probe: () => Promise<{ done: T | null; seen: unknown }>,
  timeoutMs = 30_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let seen: unknown = null;
  while (Date.now() < deadline) {
    const result = await probe();
    if (result.done !== null) return result.done;
    seen = result.seen;
    await sleep(150);
  }
  throw new Error(`timed out waiting for ${what}; last seen ${JSON.stringify(seen)}`);
};

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

export const waitForAirdrop = (apiUrl: string, token: string): Promise<number> =>
  eventually('the registration airdrop', async () => {
    const { balance } = await balanceSun(apiUrl, token);
    return { done: balance > 0 ? balance : null, seen: balance };
  });

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

export const waitForOrderStatus = (apiUrl: string, token: string, orderId: string, status: string) =>
  eventually(`order ${orderId} to become ${status}`, async () => {
    const answer = await call(apiUrl, 'GET', `/api/orders/${orderId}`, { token });
    const order = answer.body.order as { status?: string } | undefined;
    return { done: order?.status === status ? order : null, seen: answer.body };
  });
