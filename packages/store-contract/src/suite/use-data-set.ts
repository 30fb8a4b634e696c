import type { ShopStore } from '@trx-shop/domain';
import { afterAll, beforeAll } from 'vitest';
import { generateShopDataSet, loadShopDataSet, type ShopDataSet } from '../data-set/shop-data-set.js';
import type { ContractHarness } from '../harness.js';

/** The instant the read-model tests treat as "now": mid-day, so day edges are not trivial. */
export const DATA_SET_NOW = new Date('2026-06-15T13:37:21.123Z');

/** One generated, loaded data set shared by the read-only tests of a describe block. */
export const useLoadedDataSet = (
  harness: ContractHarness,
  seed: number,
): (() => { store: ShopStore; data: ShopDataSet }) => {
  let loaded: { store: ShopStore; data: ShopDataSet } | null = null;
  beforeAll(async () => {
    const data = generateShopDataSet({ seed, now: DATA_SET_NOW });
    const store = await harness.open();
    await loadShopDataSet(store, data);
    loaded = { store, data };
  }, 120_000);
  afterAll(async () => {
    if (loaded) await harness.dispose(loaded.store);
    loaded = null;
  });
  return () => {
    if (!loaded) throw new Error('the data set is only available inside a test');
    return loaded;
  };
};
