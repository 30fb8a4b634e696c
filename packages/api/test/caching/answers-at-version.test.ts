import type { ShopStore } from '@trx-shop/domain';
import { buildProduct } from '@trx-shop/store-contract';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnswersAtVersion } from '../../src/caching/answers-at-version.js';

/*
 * Answers filed under the store's version (docs/decisions.md, "Memoized answers"), over a real
 * SQLite store: an answer is never older than its request, a client holding the current version is
 * told so without a render, and the cache stays inside its bounds.
 */

let store: ShopStore;
beforeEach(async () => {
  store = await openSqliteStore({ filename: ':memory:' });
});
afterEach(async () => {
  await store.close();
});

const catalogueVersion = () => store.versions.current({ kind: 'catalogue' });

/** The active catalogue as text, counting how often it was rendered. */
const countedCatalogue = () => {
  const rendered: string[] = [];
  return {
    rendered,
    render: async () => {
      const page = await store.products.list({ activeOnly: true }, { page: 1, limit: 10 });
      const body = JSON.stringify(page.items.map((product) => [product.name, product.priceSun]));
      rendered.push(body);
      return body;
    },
  };
};

describe('answers at version', () => {
  it('renders once per catalogue version, and a product change shows in the very next read', async () => {
    const answers = createAnswersAtVersion({ maxEntries: 10 });
    const mug = buildProduct({ name: 'Mug', priceSun: 5_000_000 });
    await store.products.insert(mug);
    const catalogue = countedCatalogue();
    const read = () => answers.read(catalogueVersion, 'list', catalogue.render);

    const first = await read();
    const second = await read();
    expect(first).toMatchObject({ kind: 'rendered', body: '[["Mug",5000000]]', fromCache: false });
    expect(second).toEqual({ ...first, fromCache: true });
    expect(catalogue.rendered).toHaveLength(1);

    await store.products.update(mug.id, { priceSun: 6_000_000 }, new Date());
    expect(await read()).toMatchObject({ body: '[["Mug",6000000]]', fromCache: false });
    expect(catalogue.rendered).toHaveLength(2);
  });

  it('renders once for the requests asking together at one version, each getting that answer', async () => {
    const answers = createAnswersAtVersion({ maxEntries: 10 });
    await store.products.insert(buildProduct({ name: 'Mug', priceSun: 5_000_000 }));
    const catalogue = countedCatalogue();

    const together = await Promise.all(
      Array.from({ length: 5 }, () => answers.read(catalogueVersion, 'list', catalogue.render)),
    );
    expect(catalogue.rendered).toEqual(['[["Mug",5000000]]']);
    expect(together.map((answer) => [answer.body, answer.fromCache])).toEqual([
      ['[["Mug",5000000]]', false],
      ...Array.from({ length: 4 }, () => ['[["Mug",5000000]]', true]),
    ]);
  });

  it('files an answer under the version read before it was rendered, so a write landing during the render shows next', async () => {
    const answers = createAnswersAtVersion({ maxEntries: 10 });
    const mug = buildProduct({ name: 'Mug', priceSun: 5_000_000 });
    await store.products.insert(mug);
    const catalogue = countedCatalogue();
    const renderThenWrite = async () => {
      const body = await catalogue.render();
      await store.products.update(mug.id, { priceSun: 7_000_000 }, new Date());
      return body;
    };

    const during = await answers.read(catalogueVersion, 'list', renderThenWrite);
    expect(during).toMatchObject({ body: '[["Mug",5000000]]', fromCache: false });
    const next = await answers.read(catalogueVersion, 'list', catalogue.render);
    expect(next).toMatchObject({ body: '[["Mug",7000000]]', fromCache: false });
    expect(next.version).not.toBe(during.version);
  });

  it('tells a client holding the current version that nothing changed, without rendering; one holding an older version gets the body', async () => {
    const answers = createAnswersAtVersion({ maxEntries: 10 });
    const mug = buildProduct({ name: 'Mug', priceSun: 5_000_000 });
    await store.products.insert(mug);
    const catalogue = countedCatalogue();
    const seen = await answers.read(catalogueVersion, 'list', catalogue.render);
    const holding = (version: string) => version === seen.version;

    expect(
      await answers.readUnlessHeld(
        catalogueVersion,
        { key: 'other', clientHolds: holding },
        catalogue.render,
      ),
    ).toEqual({
      kind: 'not-modified',
      version: await catalogueVersion(),
    });
    expect(catalogue.rendered).toHaveLength(1);

    await store.products.update(mug.id, { priceSun: 8_000_000 }, new Date());
    const changed = await answers.readUnlessHeld(
      catalogueVersion,
      { key: 'list', clientHolds: holding },
      catalogue.render,
    );
    expect(changed).toMatchObject({ kind: 'rendered', body: '[["Mug",8000000]]', fromCache: false });
  });

  it('drops the least recently used answer past its entry bound', async () => {
    const answers = createAnswersAtVersion({ maxEntries: 2 });
    const answer = (key: string) => answers.read(catalogueVersion, key, async () => `body of ${key}`);

    await answer('a');
    await answer('b');
    expect((await answer('a')).fromCache).toBe(true);
    await answer('c');
    expect((await answer('b')).fromCache).toBe(false);
    // Reading b back dropped a, the least recent then; c stays.
    expect((await answer('c')).fromCache).toBe(true);
    expect((await answer('a')).fromCache).toBe(false);
  });

  it('counts two bytes a character against its byte bound, and keeps no answer larger than the whole bound', async () => {
    const answers = createAnswersAtVersion({ maxEntries: 100, maxBytes: 100 });
    const answer = (key: string, characters: number) =>
      answers.read(catalogueVersion, key, async () => key.repeat(characters));

    // 20 characters weigh 40 bytes: two fit in 100, the third pushes out the least recent.
    await answer('a', 20);
    await answer('b', 20);
    expect((await answer('a', 20)).fromCache).toBe(true);
    expect((await answer('b', 20)).fromCache).toBe(true);
    await answer('c', 20);
    expect((await answer('a', 20)).fromCache).toBe(false);

    // 51 characters weigh 102 bytes: more than the whole bound, so rendered every time.
    expect(await answer('h', 51)).toMatchObject({ body: 'h'.repeat(51), fromCache: false });
    expect((await answer('h', 51)).fromCache).toBe(false);
  });
});
