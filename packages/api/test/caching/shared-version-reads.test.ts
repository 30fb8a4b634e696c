import type { ShopStore, VersionStore, VersionTopic } from '@trx-shop/domain';
import { buildProduct } from '@trx-shop/store-contract';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sharedVersionReads } from '../../src/caching/shared-version-reads.js';

/*
 * Version reads shared within one turn of the event loop, over a real SQLite store: the requests
 * of a turn make one read, and none is answered from a read that started before it asked.
 */

let store: ShopStore;
let reads: VersionTopic[];
let versions: VersionStore;
beforeEach(async () => {
  store = await openSqliteStore({ filename: ':memory:' });
  reads = [];
  versions = sharedVersionReads({
    // Like a store across a network: the read's snapshot is taken when it starts, its answer arrives a turn later.
    current: (topic) => {
      reads.push(topic);
      const read = store.versions.current(topic);
      return new Promise((resolve) => setImmediate(() => resolve(read)));
    },
  });
});
afterEach(async () => {
  await store.close();
});

const catalogue = { kind: 'catalogue' } as const;

describe('shared version reads', () => {
  it('answers the askers of one turn from one read per topic', async () => {
    const answers = await Promise.all([
      versions.current(catalogue),
      versions.current(catalogue),
      versions.current({ kind: 'user-orders', userId: 'u1' }),
      versions.current(catalogue),
    ]);
    expect(reads).toEqual([catalogue, { kind: 'user-orders', userId: 'u1' }]);
    expect(answers[1]).toBe(answers[0]);
    expect(answers[3]).toBe(answers[0]);
    expect(answers[0]).toBe(await store.versions.current(catalogue));
  });

  it('gives whoever asks once the read has started a read of its own, which sees writes made before it asked', async () => {
    const first = versions.current(catalogue);
    // Queued after the shared read's own turn callback: it runs once that read has started.
    const second = new Promise<string>((resolve, reject) => {
      setImmediate(() => {
        store.products
          .insert(buildProduct({ name: 'Lamp', priceSun: 2_000_000 }))
          .then(() => resolve(versions.current(catalogue)), reject);
      });
    });
    const [before, after] = await Promise.all([first, second]);
    expect(reads).toHaveLength(2);
    expect(after).not.toBe(before);
    expect(after).toBe(await store.versions.current(catalogue));
  });
});
