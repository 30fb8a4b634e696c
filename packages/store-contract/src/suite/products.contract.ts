import type { Product } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildProduct } from '../builders/product.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

/** Products created one minute apart, so newest first is the reverse of this order. */
const productsAtMinutes = (overrides: readonly Partial<Product>[]): Product[] =>
  overrides.map((fields, index) => buildProduct({ createdAt: minutesAfter(BUILDER_NOW, index), ...fields }));

const ids = (products: readonly Product[]): string[] => products.map((product) => product.id);

export const describeProductContract = (harness: ContractHarness): void => {
  describe('products', () => {
    const store = useFreshStore(harness);

    it('stores a product and reads it back by id and in batches of ids', async () => {
      const [a, b] = productsAtMinutes([{ createdBy: newObjectId(), category: 'service' }, {}]);
      if (!a || !b) throw new Error('two products expected');
      expect(await store().products.insert(a)).toEqual(a);
      await store().products.insert(b);
      expect(await store().products.findById(a.id)).toEqual(a);
      expect(await store().products.findById(newObjectId())).toBeNull();
      const many = await store().products.findManyByIds([b.id, newObjectId(), a.id]);
      expect(ids(many).sort()).toEqual([a.id, b.id].sort());
      expect(await store().products.findManyByIds([])).toEqual([]);
      expect(await store().products.count()).toBe(2);
    });

    it('lists newest first, ties broken by id descending, with the page figures', async () => {
      const sameTime = minutesAfter(BUILDER_NOW, 100);
      const products = [
        ...productsAtMinutes([{}, {}, {}]),
        buildProduct({ createdAt: sameTime }),
        buildProduct({ createdAt: sameTime }),
      ];
      for (const product of products) await store().products.insert(product);
      const tied = ids(products.slice(3)).sort().reverse();
      const expected = [...tied, ...ids(products.slice(0, 3)).reverse()];
      const page = await store().products.list({}, { limit: 10, page: 1 });
      expect(ids(page.items)).toEqual(expected);
      expect(page).toMatchObject({ total: 5, page: 1, limit: 10, pages: 1 });
    });

    it('answers the last partial page and an empty page past the end', async () => {
      const products = productsAtMinutes([{}, {}, {}, {}, {}]);
      for (const product of products) await store().products.insert(product);
      const newestFirst = ids(products).reverse();
      const last = await store().products.list({}, { limit: 2, page: 3 });
      expect(ids(last.items)).toEqual(newestFirst.slice(4));
      expect(last).toMatchObject({ total: 5, page: 3, limit: 2, pages: 3 });
      const beyond = await store().products.list({}, { limit: 2, page: 4 });
      expect(beyond.items).toEqual([]);
      expect(beyond).toMatchObject({ total: 5, page: 4, pages: 3 });
      const empty = await store().products.list({ search: 'nothing matches this' }, { limit: 10, page: 1 });
      expect(empty).toMatchObject({ items: [], total: 0, pages: 0 });
    });

    it('serves the largest clamped limit of 100 in one page', async () => {
      const products = Array.from({ length: 105 }, (_, index) =>
        buildProduct({ createdAt: minutesAfter(BUILDER_NOW, index) }),
      );
      for (const product of products) await store().products.insert(product);
      const page = await store().products.list({}, { limit: 100, page: 1 });
      expect(page.items).toHaveLength(100);
      expect(page).toMatchObject({ total: 105, pages: 2 });
      const second = await store().products.list({}, { limit: 100, page: 2 });
      expect(ids(second.items)).toEqual(ids(products.slice(0, 5)).reverse());
    });

    it('searches name and description as literal case-insensitive text', async () => {
      const products = productsAtMinutes([
        { name: 'Model a.b kit', description: 'plain' },
        { name: 'Model axb kit', description: 'plain' },
        { name: 'Bracket (left)', description: 'plain' },
        { name: 'Plain', description: 'Rated 5* by users' },
        { name: 'Plain', description: 'Rated 5 by users' },
        { name: '100% cotton', description: 'shirt' },
        { name: '100 cotton', description: 'shirt_x' },
        { name: 'UPPER case Widget', description: 'x' },
      ]);
      for (const product of products) await store().products.insert(product);
      const search = async (text: string): Promise<string[]> =>
        ids((await store().products.list({ search: text }, { limit: 100, page: 1 })).items);
      expect(await search('a.b')).toEqual([products[0]?.id]);
      expect(await search('(')).toEqual([products[2]?.id]);
      expect(await search('5*')).toEqual([products[3]?.id]);
      expect(await search('*')).toEqual([products[3]?.id]);
      expect(await search('0%')).toEqual([products[5]?.id]);
      expect(await search('_')).toEqual([products[6]?.id]);
      expect(await search('widget')).toEqual([products[7]?.id]);
      expect(await search('RATED')).toEqual([products[4]?.id, products[3]?.id]);
    });

    it("folds case as JavaScript's toLowerCase does, beyond ASCII, in every store", async () => {
      const products = productsAtMinutes([
        { name: 'ÉCLAIR au CAFÉ', description: 'pâtisserie' },
        // U+017F, the long s: toLowerCase leaves it, so it is not an `s` (a regex's Unicode
        // case folding would say it is).
        { name: 'Long \u017F type', description: 'plain' },
        { name: 'ΟΔΟΣ', description: 'plain' },
      ]);
      for (const product of products) await store().products.insert(product);
      const search = async (text: string): Promise<string[]> =>
        ids((await store().products.list({ search: text }, { limit: 100, page: 1 })).items);
      expect(await search('éclair')).toEqual([products[0]?.id]);
      expect(await search('café')).toEqual([products[0]?.id]);
      expect(await search('PÂTISSERIE')).toEqual([products[0]?.id]);
      expect(await search('long s')).toEqual([]);
      expect(await search('LONG \u017F')).toEqual([products[1]?.id]);
      // toLowerCase writes a final sigma at the end of a word: 'ΟΔΟΣ' reads 'οδος'.
      expect(await search('οδος')).toEqual([products[2]?.id]);
      expect(await search('οδοσ')).toEqual([]);
    });

    it('filters by category and by the active flag, alone and together', async () => {
      const products = productsAtMinutes([
        { category: 'digital', isActive: true },
        { category: 'digital', isActive: false },
        { category: 'physical', isActive: true },
        { category: 'service', isActive: false },
      ]);
      for (const product of products) await store().products.insert(product);
      const list = async (query: Parameters<ReturnType<typeof store>['products']['list']>[0]) =>
        ids((await store().products.list(query, { limit: 10, page: 1 })).items);
      const [digitalOn, digitalOff, physicalOn, serviceOff] = ids(products);
      expect(await list({ category: 'digital' })).toEqual([digitalOff, digitalOn]);
      expect(await list({ activeOnly: true })).toEqual([physicalOn, digitalOn]);
      expect(await list({ category: 'digital', activeOnly: true })).toEqual([digitalOn]);
      expect(await list({})).toEqual([serviceOff, physicalOn, digitalOff, digitalOn]);
      const counted = await store().products.list(
        { category: 'service', activeOnly: true },
        { limit: 10, page: 1 },
      );
      expect(counted).toMatchObject({ items: [], total: 0 });
    });

    it('updates any subset of fields and answers null for an unknown product', async () => {
      const product = buildProduct({ name: 'Old', stock: 3 });
      await store().products.insert(product);
      const at = minutesAfter(BUILDER_NOW, 9);
      const updated = await store().products.update(
        product.id,
        { name: 'New', priceSun: 7_000_000, isActive: false },
        at,
      );
      const expected = { ...product, name: 'New', priceSun: 7_000_000, isActive: false, updatedAt: at };
      expect(updated).toEqual(expected);
      expect(await store().products.findById(product.id)).toEqual(expected);
      expect((await store().products.list({ search: 'new' }, { limit: 10, page: 1 })).total).toBe(1);
      expect((await store().products.list({ search: 'old' }, { limit: 10, page: 1 })).total).toBe(0);
      expect(await store().products.update(newObjectId(), { name: 'x' }, at)).toBeNull();
    });

    it('stores a USDT price, or none, and reads it back by id, in batches and in lists', async () => {
      const [priced, trxOnly] = productsAtMinutes([{ priceUsdt: 12_500_001 }, { priceUsdt: null }]);
      if (!priced || !trxOnly) throw new Error('two products expected');
      for (const product of [priced, trxOnly]) await store().products.insert(product);
      expect((await store().products.findById(priced.id))?.priceUsdt).toBe(12_500_001);
      expect((await store().products.findById(trxOnly.id))?.priceUsdt).toBeNull();
      const batch = await store().products.findManyByIds([priced.id, trxOnly.id]);
      expect(new Map(batch.map((product) => [product.id, product.priceUsdt]))).toEqual(
        new Map([
          [priced.id, 12_500_001],
          [trxOnly.id, null],
        ]),
      );
      const listed = await store().products.list({}, { limit: 10, page: 1 });
      expect(listed.items).toEqual([trxOnly, priced]);
    });

    it('sets a USDT price, clears it to null, and keeps it through a patch that does not name it', async () => {
      const product = buildProduct({ priceSun: 4_000_000, priceUsdt: null });
      await store().products.insert(product);
      const at = minutesAfter(BUILDER_NOW, 5);
      const priced = await store().products.update(product.id, { priceUsdt: 999_999_999_999 }, at);
      expect(priced).toEqual({ ...product, priceUsdt: 999_999_999_999, updatedAt: at });
      const renamed = await store().products.update(product.id, { name: 'Renamed', stock: 7 }, at);
      expect(renamed?.priceUsdt).toBe(999_999_999_999);
      expect((await store().products.findById(product.id))?.priceUsdt).toBe(999_999_999_999);
      const cleared = await store().products.update(product.id, { priceUsdt: null }, at);
      expect(cleared).toEqual({ ...product, name: 'Renamed', stock: 7, priceUsdt: null, updatedAt: at });
      expect(await store().products.findById(product.id)).toEqual(cleared);
      expect((await store().products.list({}, { limit: 10, page: 1 })).items).toEqual([cleared]);
    });

    it('searches the field a patch left alone as it was, and the changed one as it is now', async () => {
      const product = buildProduct({ name: 'Alpha', description: 'Bravo' });
      await store().products.insert(product);
      const found = async (text: string) =>
        (await store().products.list({ search: text }, { limit: 10, page: 1 })).total;
      const at = minutesAfter(BUILDER_NOW, 9);
      await store().products.update(product.id, { name: 'Charlie' }, at);
      expect([await found('charlie'), await found('bravo'), await found('alpha')]).toEqual([1, 1, 0]);
      await store().products.update(product.id, { description: 'Delta' }, at);
      expect([await found('charlie'), await found('delta'), await found('bravo')]).toEqual([1, 1, 0]);
      // Two patches at once, one of each field: both changes are searchable afterwards.
      await Promise.all([
        store().products.update(product.id, { name: 'Echo' }, at),
        store().products.update(product.id, { description: 'Foxtrot' }, at),
      ]);
      expect([
        await found('echo'),
        await found('foxtrot'),
        await found('charlie'),
        await found('delta'),
      ]).toEqual([1, 1, 0, 0]);
    });
  });
};
