import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH } from '../src/chromium-pages.js';
import { measureStorefrontPayments, type PaymentPageOptions } from '../src/storefront-payment.js';

/*
 * The measurement against a stand-in of the service in this process: a cookie login and order
 * pages whose Pay button turns the status to "Completed" after a known delay (or shows the API's
 * refusal), so a figure not taken from the click to the status comes out below that delay.
 */
const SHOPPER = { email: 'shopper@bench.example', password: 'shopper password' };
const COMPLETED_AFTER_MS = 800;
const SHORT_WAIT_MS = 3_000;
const BROWSER_TEST_MS = 120_000;

const orderPage = (
  id: string,
  onPay: string,
) => `<!doctype html><html lang="en"><head><title>TRX Shop</title></head>
<body><main><h1>Order ${id}</h1><p><span class="order-status">Pending</span></p>
<button type="button">Pay 1 TRX</button>
<script>document.querySelector('button').addEventListener('click', () => { ${onPay} });</script>
</main></body></html>`;

const PAY = {
  completes: `setTimeout(() => { document.querySelector('.order-status').textContent = 'Completed'; }, ${COMPLETED_AFTER_MS});`,
  refused: `document.querySelector('main').insertAdjacentHTML('beforeend', '<div role="alert"><strong>Your wallet cannot cover this payment</strong> <code>INSUFFICIENT_BALANCE</code></div>');`,
  staysPending: '',
};

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const startStandIn = async (pay: keyof typeof PAY): Promise<string> => {
  const server = createServer((request, response) => {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method === 'POST' && request.url === '/api/auth/login') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const { email, password } = JSON.parse(body) as { email: string; password: string };
        if (email !== SHOPPER.email || password !== SHOPPER.password)
          return json(401, { code: 'INVALID_CREDENTIALS' });
        response.setHeader('set-cookie', 'session=shopper; Path=/; HttpOnly; SameSite=Strict');
        json(200, { user: { role: 'user' } });
      });
      return;
    }
    const signedIn = request.headers.cookie?.includes('session=shopper') === true;
    if (request.url === '/api/auth/profile') return signedIn ? json(200, {}) : json(401, {});
    const order = /^\/orders\/(\w+)$/.exec(request.url ?? '');
    if (!signedIn || !order?.[1]) return json(404, { code: 'NOT_FOUND' });
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(orderPage(order[1], PAY[pay]));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** Options whose node makes 4 blocks between each read and the next, and which count the orders placed. */
const optionsFor = (baseUrl: string, overrides: Partial<PaymentPageOptions> = {}) => {
  const placed: string[] = [];
  let head = 100;
  const options: PaymentPageOptions = {
    baseUrl,
    ...SHOPPER,
    payments: 2,
    placeOrder: async () => {
      placed.push(`o${placed.length + 1}`);
      return placed[placed.length - 1] as string;
    },
    headBlock: async () => {
      head += 4;
      return head;
    },
    ...overrides,
  };
  return { options, placed };
};

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.warn(`storefront payment browser tests SKIPPED: ${CHROMIUM_PATH} not found`);

describe('the storefront payment measured in Chromium', () => {
  it('reports the payment as not measured when Chromium is missing, placing no order', async () => {
    const { options, placed } = optionsFor('http://127.0.0.1:9', { chromiumPath: '/nonexistent/chromium' });
    expect(await measureStorefrontPayments(options)).toEqual({ notMeasured: 'no /nonexistent/chromium' });
    expect(placed).toEqual([]);
  });

  describe.skipIf(!hasChromium)('with /usr/bin/chromium', () => {
    it(
      'signs in, pays each order from its page and times the click to "Completed", with the blocks made meanwhile',
      async () => {
        const { options, placed } = optionsFor(await startStandIn('completes'));
        const payments = await measureStorefrontPayments(options);
        if ('notMeasured' in payments) throw new Error(payments.notMeasured);
        expect(placed).toEqual(['o1', 'o2']);
        expect(payments.map((payment) => payment.blocks)).toEqual([4, 4]);
        for (const payment of payments) {
          expect(payment.clickToCompletedMs).toBeGreaterThanOrEqual(COMPLETED_AFTER_MS);
        }
      },
      BROWSER_TEST_MS,
    );

    it(
      'reports the refusal the page shows instead of a figure',
      async () => {
        const { options } = optionsFor(await startStandIn('refused'), { waitMs: SHORT_WAIT_MS });
        expect(await measureStorefrontPayments(options)).toEqual({
          notMeasured: 'the page showed an error: Your wallet cannot cover this payment INSUFFICIENT_BALANCE',
        });
      },
      BROWSER_TEST_MS,
    );

    it(
      'reports an order still not completed within the bound as not measured',
      async () => {
        const { options } = optionsFor(await startStandIn('staysPending'), { waitMs: SHORT_WAIT_MS });
        expect(await measureStorefrontPayments(options)).toEqual({
          notMeasured: 'the order not "Completed" on the page within 3 s',
        });
      },
      BROWSER_TEST_MS,
    );

    it(
      'reports the payment as not measured when the login is refused, placing no order',
      async () => {
        const { options, placed } = optionsFor(await startStandIn('completes'), { password: 'wrong' });
        expect(await measureStorefrontPayments(options)).toEqual({
          notMeasured: 'POST /api/auth/login answered 401',
        });
        expect(placed).toEqual([]);
      },
      BROWSER_TEST_MS,
    );
  });
});
