import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { expectError, json, type LoggedIn } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import { createMerchantAdmin, type Merchant, registerShopper } from './shop-fixtures.js';

/*
 * GET /api/shop/currencies (docs/api.md, "The shop"): the currencies ACCEPTED_CURRENCIES names,
 * for anyone, so a storefront knows what it may offer before showing a price.
 */

let devnet: RunningDevnet;
let h: TestApp;
let merchant: Merchant;
let customer: LoggedIn;

beforeAll(async () => {
  devnet = await startTestDevnet();
  h = await createTestApp({ devnet });
  merchant = await createMerchantAdmin(h);
  customer = await registerShopper(h);
});
afterAll(async () => {
  await h.close();
  await devnet.stop();
});

const currencies = (app: TestApp, headers: Record<string, string> = {}, query = '') =>
  app.app.inject({ url: `/api/shop/currencies${query}`, headers });

describe('GET /api/shop/currencies', () => {
  it('answers TRX and USDT by default, the same to anyone: anonymous, customer, admin, any API key', async () => {
    const made = await h.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: merchant.admin.jar.header(),
      payload: { name: 'Unrelated scope', scopes: ['orders:read'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = (json(made) as { key: string }).key;
    const callers: Record<string, string>[] = [
      {},
      customer.jar.header(),
      merchant.admin.jar.header(),
      { 'x-api-key': key },
    ];
    for (const headers of callers) {
      const response = await currencies(h, headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(json(response)).toEqual({ success: true, currencies: ['TRX', 'USDT'] });
    }
  });

  it('answers only what ACCEPTED_CURRENCIES names: TRX for a TRX-only shop, USDT for a USDT-only one', async () => {
    for (const accepted of [['TRX'], ['USDT']] as const) {
      const shop = await createTestApp({ devnet, acceptedCurrencies: accepted });
      try {
        expect(json(await currencies(shop))).toEqual({ success: true, currencies: accepted });
      } finally {
        await shop.close();
      }
    }
  });

  it('refuses a query parameter with 400 VALIDATION_ERROR naming it, and another method with 405', async () => {
    const body = expectError(await currencies(h, {}, '?currency=USDT'), 400, 'VALIDATION_ERROR');
    expect(body.details).toEqual([{ field: 'currency', message: 'unknown field currency' }]);
    const posted = await h.app.inject({ method: 'POST', url: '/api/shop/currencies', payload: {} });
    expectError(posted, 405, 'METHOD_NOT_ALLOWED');
    expect(posted.headers.allow).toBe('GET, HEAD');
  });
});
