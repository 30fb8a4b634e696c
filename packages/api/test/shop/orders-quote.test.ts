import type { DevnetControl } from '@trx-shop/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';
import {
  BLOCKS_TO_SOLIDIFY,
  createProduct,
  type Merchant,
  type PayingShop,
  payRequest,
  placeOrder,
  postOrder,
  registerShopper,
  startPayingShop,
} from './shop-fixtures.js';

const UNKNOWN_PRODUCT_ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';

type Line = { productId: string; quantity: number; color?: string };

interface QuoteView {
  readonly products: readonly {
    productId: string;
    name: string;
    price: number;
    quantity: number;
    color: string | null;
  }[];
  readonly subtotal: number;
  readonly networkFee: number;
  readonly discount: number;
  readonly total: number;
}

let shop: PayingShop;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;

beforeAll(async () => {
  shop = await startPayingShop();
  ({ h, devnet, merchant } = shop);
});
afterAll(() => shop.stop());

/** Asks for a quote, anonymously unless a caller is given. */
const postQuote = (payload: unknown, caller?: LoggedIn) =>
  h.app.inject({
    method: 'POST',
    url: '/api/orders/quote',
    headers: { 'content-type': 'application/json', ...(caller ? caller.jar.header() : {}) },
    payload: JSON.stringify(payload),
  });

const quoteOf = async (products: readonly Line[], caller?: LoggedIn): Promise<QuoteView> => {
  const response = await postQuote({ products }, caller);
  expect(response.statusCode, response.body).toBe(200);
  expect(json(response).success).toBe(true);
  return json(response).quote as QuoteView;
};

/** Everything a quote could have written: orders, the products, the catalogue's version. */
const writtenState = async (productIds: readonly string[]) => ({
  orders: await h.store.orders.count(),
  products: await Promise.all(productIds.map((id) => h.store.products.findById(id))),
  catalogue: await h.store.versions.current({ kind: 'catalogue' }),
});

describe('POST /api/orders/quote', () => {
  it('answers anyone 200 {success, quote} equal to the order createOrder then makes of the same lines', async () => {
    const mug = await createProduct(h, merchant.admin, { name: 'Mug', price: 0.1, stock: 5 });
    const shirt = await createProduct(h, merchant.admin, { name: 'Shirt', price: 0.2, stock: 5 });
    const lines: Line[] = [
      { productId: mug, quantity: 2, color: 'red' },
      { productId: shirt, quantity: 1 },
    ];

    const quote = await quoteOf(lines);
    // 2 x 0.1 + 0.2 TRX, less the specification's 0.01 TRX network fee, exactly.
    expect([quote.subtotal, quote.networkFee, quote.discount, quote.total]).toEqual([0.4, -0.01, 0, 0.39]);

    const shopper = await registerShopper(h);
    expect(await quoteOf(lines, shopper)).toEqual(quote);
    const created = await postOrder(h, shopper, lines);
    expect(created.statusCode, created.body).toBe(201);
    const order = json(created).order as QuoteView;
    expect(quote).toEqual({
      products: order.products,
      subtotal: order.subtotal,
      networkFee: order.networkFee,
      discount: order.discount,
      total: order.total,
    });
  });

  it('writes nothing: no order, no hold, the products and the catalogue as they were', async () => {
    const productId = await createProduct(h, merchant.admin, { price: 1, stock: 3 });
    const before = await writtenState([productId]);

    await quoteOf([{ productId, quantity: 3 }]);
    expectError(await postQuote({ products: [{ productId, quantity: 4 }] }), 400, 'INSUFFICIENT_STOCK');

    expect(await writtenState([productId])).toEqual(before);
  });

  it('answers 404 PRODUCT_NOT_FOUND for an unknown or archived product', async () => {
    const productId = await createProduct(h, merchant.admin, { price: 1 });
    const archived = await createProduct(h, merchant.admin, { price: 1 });
    const archive = await h.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${archived}`,
      headers: merchant.admin.jar.header(),
    });
    expect(archive.statusCode).toBe(200);

    expectError(
      await postQuote({ products: [{ productId: UNKNOWN_PRODUCT_ID, quantity: 1 }] }),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expectError(
      await postQuote({
        products: [
          { productId, quantity: 1 },
          { productId: archived, quantity: 1 },
        ],
      }),
      404,
      'PRODUCT_NOT_FOUND',
    );
  });

  it('answers 400 INSUFFICIENT_STOCK beyond the stock, two lines of one product summed', async () => {
    const productId = await createProduct(h, merchant.admin, { price: 1, stock: 3 });
    expectError(await postQuote({ products: [{ productId, quantity: 4 }] }), 400, 'INSUFFICIENT_STOCK');
    expectError(
      await postQuote({
        products: [
          { productId, quantity: 2 },
          { productId, quantity: 2 },
        ],
      }),
      400,
      'INSUFFICIENT_STOCK',
    );
  });

  it('answers 400 INSUFFICIENT_STOCK for units a payment in flight holds, as createOrder does', async () => {
    const productId = await createProduct(h, merchant.admin, { price: 1, stock: 3 });
    const payer = await registerShopper(h);
    await devnet.fund(payer.address, 10_000_000);
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);
    const held = await placeOrder(h, payer, [{ productId, quantity: 2 }]);
    expect((await payRequest(h, payer, held._id)).statusCode).toBe(200);

    expectError(await postQuote({ products: [{ productId, quantity: 2 }] }), 400, 'INSUFFICIENT_STOCK');
    expect((await quoteOf([{ productId, quantity: 1 }])).total).toBe(0.99);
  });

  it('answers 400 ORDER_TOTAL_TOO_LOW when the network fee brings the total to 0, VALIDATION_ERROR above the limit', async () => {
    const cent = await createProduct(h, merchant.admin, { price: 0.01 });
    expectError(
      await postQuote({ products: [{ productId: cent, quantity: 1 }] }),
      400,
      'ORDER_TOTAL_TOO_LOW',
    );

    const first = await createProduct(h, merchant.admin, { price: 1_000_000, stock: 1000 });
    const second = await createProduct(h, merchant.admin, { price: 1_000_000, stock: 1000 });
    expectError(
      await postQuote({
        products: [
          { productId: first, quantity: 1000 },
          { productId: second, quantity: 1000 },
        ],
      }),
      400,
      'VALIDATION_ERROR',
    );
  });

  describe('bad input: 400 VALIDATION_ERROR, nothing written', () => {
    let productId: string;
    beforeAll(async () => {
      productId = await createProduct(h, merchant.admin, { price: 1, stock: 10 });
    });
    const line = (overrides: Record<string, unknown> = {}) => ({ productId, quantity: 1, ...overrides });
    const cases: [string, () => unknown][] = [
      ['products missing', () => ({})],
      ['products an empty array', () => ({ products: [] })],
      ['a zero quantity', () => ({ products: [line({ quantity: 0 })] })],
      ['a fractional quantity', () => ({ products: [line({ quantity: 1.5 })] })],
      ['a quantity given as a string', () => ({ products: [line({ quantity: '2' })] })],
      ['a malformed productId', () => ({ products: [line({ productId: 'xyz' })] })],
      ['an unknown field on a line', () => ({ products: [line({ price: 0.000001 })] })],
      ['an unknown top-level field', () => ({ products: [line()], userId: UNKNOWN_PRODUCT_ID })],
      ['more than 50 lines', () => ({ products: Array.from({ length: 51 }, () => line()) })],
      ['an array body', () => [line()]],
    ];
    it.each(cases)('refuses %s', async (_case, payload) => {
      const before = await writtenState([productId]);
      expectError(await postQuote(payload()), 400, 'VALIDATION_ERROR');
      expect(await writtenState([productId])).toEqual(before);
    });
  });
});
