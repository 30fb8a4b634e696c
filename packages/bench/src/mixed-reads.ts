import { createShopClient, type ShopClient } from '@trx-shop/client';
import type { MixedRequest } from './load.js';
import type { SeededLogins } from './seed-data-set.js';
import { type SignedInClient, signIn, unwrapFor } from './shop-client.js';

/*
 * The read mixes: many catalogue pages, categories, searches and products, and many
 * customers' order pages, so the figure never measures one memoized answer. Each request carries
 * a check of its answer, made from the answer it got before the load (ids in order, the page
 * number, the owner): a stale, empty or someone else's page fails it.
 */

const CATEGORIES = ['', 'digital', 'physical', 'service'] as const;
const SEARCHES = ['a', 'pro', 'Product 1', 'zzz-none'] as const;

const ids = (body: string): string[] =>
  [...body.matchAll(/"_id":"([0-9a-f]{24})"/g)].map((match) => match[1] as string);

/** A page's check: a success answer of the same page, starting and ending with the same ids. */
export const samePage = (body: string, page: number): ((answer: string) => boolean) => {
  const found = ids(body);
  const first = found[0];
  const last = found[found.length - 1];
  const pageMark = `"page":${page},"pages":`;
  return (answer) =>
    answer.startsWith('{"success":true,') &&
    answer.includes(pageMark) &&
    (first === undefined || answer.includes(`"_id":"${first}"`)) &&
    (last === undefined || answer.includes(`"_id":"${last}"`));
};

/** An answer read with `parseAs: 'text'`: its body, or a thrown error naming `what`. */
export const text = async (
  what: string,
  request: Promise<{ data?: string; error?: unknown; response: Response }>,
) => unwrapFor(what, request as never) as Promise<string>;

/** Catalogue pages: every category, pages 1-5 at 10 and 20 a page, and a few searches. */
export const catalogueMix = async (baseUrl: string): Promise<MixedRequest[]> => {
  const guest = createShopClient({ baseUrl });
  const requests: MixedRequest[] = [];
  for (const category of CATEGORIES) {
    for (const limit of [10, 20]) {
      for (let page = 1; page <= 5; page += 1) {
        const query = `page=${page}&limit=${limit}${category ? `&category=${category}` : ''}`;
        const body = await text(
          `catalogue ${query}`,
          guest.GET('/api/products', {
            params: {
              query: { page, limit, ...(category ? { category } : {}) },
            },
            parseAs: 'text',
          }),
        );
        requests.push({ path: `/api/products?${query}`, body, expect: samePage(body, page) });
      }
    }
  }
  for (const search of SEARCHES) {
    const body = await text(
      `catalogue search ${search}`,
      guest.GET('/api/products', { params: { query: { search } }, parseAs: 'text' }),
    );
    requests.push({ path: `/api/products?search=${encodeURIComponent(search)}`, expect: samePage(body, 1) });
  }
  return requests;
};

/** How many products the product mix reads; their stock is what changes during the catalogue mixes. */
export const PRODUCTS_IN_MIX = 50;

/** The product ids a product mix reads, in its order. */
export const productIdsOf = (mix: readonly MixedRequest[]): string[] =>
  mix.map((request) => request.path.split('/').pop() as string);

/** Single products: `count` of them, spread over the catalogue. */
export const productMix = async (baseUrl: string, count: number): Promise<MixedRequest[]> => {
  const guest: ShopClient = createShopClient({ baseUrl });
  const { products } = await unwrapFor(
    'the catalogue',
    guest.GET('/api/products', { params: { query: { limit: 100 } } }),
  );
  return products.slice(0, count).map((product) => {
    const head = `{"success":true,"product":{"_id":"${product._id}"`;
    return { path: `/api/products/${product._id}`, expect: (answer: string) => answer.startsWith(head) };
  });
};

/**
 * The first order page of `customers` customers who have orders (found through the admin's sales
 * list). Nothing changes their orders during the load, so each answer must be exactly
 * the page read before it.
 */
export const orderPageMix = async (
  baseUrl: string,
  admin: SignedInClient,
  logins: SeededLogins,
  customers: number,
): Promise<MixedRequest[]> => {
  const { sales } = await unwrapFor(
    'sales',
    admin.GET('/api/admin/sales', { params: { query: { limit: 100 } } }),
  );
  const emails = [
    ...new Set(
      sales.flatMap((sale) =>
        sale.userId && sale.userId.email !== logins.adminEmail ? [sale.userId.email] : [],
      ),
    ),
  ].slice(0, customers);
  const requests: MixedRequest[] = [];
  for (const email of emails) {
    const customer: SignedInClient = await signIn(baseUrl, email, logins.password);
    const headers = { authorization: `Bearer ${customer.accessToken}` };
    const body = await text(`orders of ${email}`, customer.GET('/api/orders', { parseAs: 'text' }));
    requests.push({ path: '/api/orders', headers, body, expect: (answer) => answer === body });
  }
  return requests;
};

/**
 * Changes one product's stock through the admin API `perSecond` times a second until stopped, as
 * a busy shop's confirmed sales would; every change moves the catalogue version.
 */
export const startStockWriter = (
  admin: SignedInClient,
  productIds: readonly string[],
  perSecond: number,
): (() => Promise<number>) => {
  let writes = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const id = productIds[writes % productIds.length] as string;
      await unwrapFor(
        'a stock change',
        admin.PATCH('/api/admin/products/{id}', {
          params: { path: { id } },
          body: { stock: 100 + (writes % 50) },
        }),
      );
      writes += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return writes;
  };
};

/** The memoized-answer counters of /metrics (METRICS_TOKEN), by kind and outcome. */
export const readMemoCounters = async (baseUrl: string, token: string): Promise<Record<string, number>> => {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  const counters: Record<string, number> = {};
  for (const match of (await response.text()).matchAll(
    /^trx_shop_memoized_answers_total\{kind="(\w+)",outcome="(\w+)"\} (\d+)/gm,
  )) {
    counters[`${match[1]}:${match[2]}`] = Number(match[3]);
  }
  return counters;
};

/** The share of `kind` answers served from the memo between two readings of the counters. */
export const memoHitRate = (
  kind: string,
  before: Record<string, number>,
  after: Record<string, number>,
): number => {
  const delta = (outcome: string) => (after[`${kind}:${outcome}`] ?? 0) - (before[`${kind}:${outcome}`] ?? 0);
  const memo = delta('memo');
  const total = memo + delta('rendered') + delta('not_modified');
  return total === 0 ? Number.NaN : memo / total;
};
