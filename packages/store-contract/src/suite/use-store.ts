import type { ShopStore } from '@trx-shop/domain';
import { afterEach, beforeEach } from 'vitest';
import type { ContractHarness } from '../harness.js';

/** A fresh store per test of the enclosing describe block; read it through the returned getter. */
export const useFreshStore = (harness: ContractHarness): (() => ShopStore) => {
  let store: ShopStore | null = null;
  beforeEach(async () => {
    store = await harness.open();
  });
  afterEach(async () => {
    if (store) await harness.dispose(store);
    store = null;
  });
  return () => {
    if (!store) throw new Error('the store is only available inside a test');
    return store;
  };
};
