import { createBoundedMemo, readCatalogue } from '@trx-shop/domain';
import { buildProduct } from '@trx-shop/store-contract';
import { createMemoryStore } from '@trx-shop/store-memory';
import { describe, expect, it } from 'vitest';

/*
 * Memoized catalogue answers (issue 23): reused only at the version they were rendered at, so a
 * write is visible to the very next read, and a client holding the current version is told so.
 */

const setUp = () => {
  const store = createMemoryStore();
  const memo = createBoundedMemo<string>({
    maxEntries: 10,
    maxWeight: 10_000,
    weightOf: (body) => body.length,
  });
  let renders = 0;
  const render = async () => {
    renders += 1;
    const page = await store.products.list({ activeOnly: true }, { page: 1, limit: 10 });
    return JSON.stringify(page.items.map((product) => [product.name, product.priceSun, product.stock]));
  };
  const read = (clientVersions: readonly string[] = []) =>
    readCatalogue(
      { version: () => store.versions.current({ kind: 'catalogue' }), memo },
      { key: 'page=1', clientHolds: (version) => clientVersions.includes(version) },
      render,
    );
  return { store, read, renders: () => renders };
};

describe('reading the catalogue through the memo', () => {
  it('renders once per version and answers the memo while nothing changes', async () => {
    const { store, read, renders } = setUp();
    await store.products.insert(buildProduct({ name: 'Mug', priceSun: 5_000_000, stock: 2 }));
    const first = await read();
    const second = await read();
    expect(first.kind === 'rendered' && first.fromMemo).toBe(false);
    expect(second).toEqual({ ...first, fromMemo: true });
    expect(renders()).toBe(1);
  });

  it('shows a price change, a stock take and an archive in the very next read', async () => {
    const { store, read } = setUp();
    const mug = buildProduct({ name: 'Mug', priceSun: 5_000_000, stock: 2 });
    await store.products.insert(mug);
    const bodyOf = async () => {
      const answer = await read();
      if (answer.kind !== 'rendered') throw new Error('expected a body');
      return JSON.parse(answer.body) as [string, number, number][];
    };
    expect(await bodyOf()).toEqual([['Mug', 5_000_000, 2]]);
    await store.products.update(mug.id, { priceSun: 6_000_000 }, new Date());
    expect(await bodyOf()).toEqual([['Mug', 6_000_000, 2]]);
    await store.products.applyStockChange(
      { productId: mug.id, effectKey: 'order-1:0', kind: 'take', quantity: 1 },
      new Date(),
    );
    expect(await bodyOf()).toEqual([['Mug', 6_000_000, 1]]);
    await store.products.update(mug.id, { isActive: false }, new Date());
    expect(await bodyOf()).toEqual([]);
  });

  it('tells a client holding the current version that nothing changed, and one holding an older one what did', async () => {
    const { store, read, renders } = setUp();
    const mug = buildProduct({ stock: 2 });
    await store.products.insert(mug);
    const seen = await read();
    expect(await read([seen.version])).toEqual({ kind: 'not-modified', version: seen.version });
    await store.products.update(mug.id, { stock: 9 }, new Date());
    const changed = await read([seen.version]);
    expect(changed.kind).toBe('rendered');
    expect(changed.version).not.toBe(seen.version);
    expect(renders()).toBe(2);
  });
});

describe('the bounded memo', () => {
  it('drops the least recently used entry past its entry bound', () => {
    const memo = createBoundedMemo<string>({ maxEntries: 2, maxWeight: 1_000, weightOf: (v) => v.length });
    memo.set('a', 'A');
    memo.set('b', 'B');
    expect(memo.get('a')).toBe('A');
    memo.set('c', 'C');
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).toEqual(['A', undefined, 'C']);
    expect(memo.size).toBe(2);
  });

  it('stays under its weight bound and refuses a value heavier than the whole bound', () => {
    const memo = createBoundedMemo<string>({ maxEntries: 100, maxWeight: 10, weightOf: (v) => v.length });
    memo.set('a', 'aaaa');
    memo.set('b', 'bbbb');
    memo.set('c', 'cccc');
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).toEqual([undefined, 'bbbb', 'cccc']);
    memo.set('huge', 'x'.repeat(11));
    expect(memo.get('huge')).toBeUndefined();
    expect(memo.size).toBe(2);
  });
});
