import { readFile } from 'node:fs/promises';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { GENERATE_COMMAND, GENERATED_URL, generateTypes } from '../scripts/openapi-types.mjs';
import type { components, operations, ShopClient, ShopError } from '../src/index.js';
import { createShopClient, unwrap } from '../src/index.js';

/*
 * src/generated/openapi.ts is docs/openapi.json through openapi-typescript, committed. The
 * first test regenerates it in memory and compares; the others are checked by the compiler
 * (`pnpm typecheck` compiles this file): calls, parameters and answers are typed from the
 * document, and a wrong path, parameter or body does not compile.
 */

describe('src/generated/openapi.ts', () => {
  it('is what openapi-typescript makes of docs/openapi.json now', async () => {
    const [generated, committed] = await Promise.all([
      generateTypes(),
      readFile(GENERATED_URL, 'utf8').catch(() => ''),
    ]);
    expect(
      committed === generated,
      `src/generated/openapi.ts is out of date with docs/openapi.json; run \`${GENERATE_COMMAND}\` and commit the result`,
    ).toBe(true);
  }, 60_000);
});

// Never called: the compiler checks what these calls take and answer.
const typedCalls = async (shop: ShopClient) => {
  const id = '0123456789abcdef01234567';
  const { order } = await unwrap(shop.GET('/api/orders/{id}', { params: { path: { id } } }));
  expectTypeOf(order).toEqualTypeOf<components['schemas']['Order']>();
  expectTypeOf(order.status).toEqualTypeOf<'pending' | 'completed' | 'refunded' | 'failed' | 'cancelled'>();

  const created = await unwrap(
    shop.POST('/api/orders', { body: { products: [{ productId: id, quantity: 1 }] } }),
  );
  expectTypeOf(created).toEqualTypeOf<
    operations['createOrder']['responses'][201]['content']['application/json']
  >();

  const { data, error } = await shop.POST('/api/orders/{id}/pay', { params: { path: { id } } });
  if (error) {
    // The document enumerates the codes: a typo is a compile error.
    expectTypeOf(error.code).toEqualTypeOf<components['schemas']['Error']['code']>();
    expectTypeOf<'ORDER_NOT_FOUND'>().toMatchTypeOf<typeof error.code>();
    expectTypeOf(error).toEqualTypeOf<components['schemas']['Error']>();
  } else {
    expectTypeOf(data.transaction.hash).toEqualTypeOf<string>();
  }
  expectTypeOf<ShopError['status']>().toEqualTypeOf<number>();

  const { products } = await unwrap(
    shop.GET('/api/products', { params: { query: { category: 'digital' } } }),
  );
  expectTypeOf(products[0]?.price).toEqualTypeOf<number | undefined>();

  // @ts-expect-error: no such path
  await shop.GET('/api/nothing-here');
  // @ts-expect-error: the path parameter is required
  await shop.GET('/api/orders/{id}', {});
  // @ts-expect-error: quantity is a number
  await shop.POST('/api/orders', { body: { products: [{ productId: id, quantity: '1' }] } });
  // @ts-expect-error: orders are not created with GET's parameters
  await shop.POST('/api/orders', { params: { query: { page: 1 } } });
  // @ts-expect-error: limit is an integer, not its text
  await shop.GET('/api/products', { params: { query: { limit: '5' } } });
  // @ts-expect-error: category is one of the enum's values
  await shop.GET('/api/products', { params: { query: { category: 'food' } } });
};

describe('the typed client', () => {
  it('is the one createShopClient answers (the rest is checked by the compiler)', () => {
    expectTypeOf(createShopClient).returns.toEqualTypeOf<ShopClient>();
    expect(typeof typedCalls).toBe('function');
  });
});
