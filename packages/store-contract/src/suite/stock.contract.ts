import { describe, expect, it } from 'vitest';
import { BUILDER_NOW } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildProduct } from '../builders/product.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

export const describeStockContract = (harness: ContractHarness): void => {
  describe('stock changes', () => {
    const store = useFreshStore(harness);

    const stockOf = async (id: string): Promise<number | undefined> =>
      (await store().products.findById(id))?.stock;

    it('takes what is there, never below 0, and answers the quantity moved', async () => {
      const product = buildProduct({ stock: 5 });
      await store().products.insert(product);
      const take = (key: string, quantity: number) =>
        store().products.applyStockChange(
          { productId: product.id, effectKey: key, kind: 'take', quantity },
          BUILDER_NOW,
        );
      expect(await take('order-1:0', 3)).toBe(3);
      expect(await stockOf(product.id)).toBe(2);
      expect(await take('order-2:0', 4)).toBe(2);
      expect(await stockOf(product.id)).toBe(0);
      expect(await take('order-3:0', 1)).toBe(0);
      expect(await stockOf(product.id)).toBe(0);
    });

    it('applies a change once per effect key and repeats its first answer until forgotten', async () => {
      const product = buildProduct({ stock: 10 });
      await store().products.insert(product);
      const change = { productId: product.id, effectKey: 'order-9:1', kind: 'take' as const, quantity: 4 };
      expect(await store().products.applyStockChange(change, BUILDER_NOW)).toBe(4);
      expect(await store().products.applyStockChange(change, BUILDER_NOW)).toBe(4);
      expect(await store().products.applyStockChange({ ...change, quantity: 1 }, BUILDER_NOW)).toBe(4);
      expect(await stockOf(product.id)).toBe(6);
      await store().products.forgetStockChange(product.id, change.effectKey);
      expect(await store().products.applyStockChange(change, BUILDER_NOW)).toBe(4);
      expect(await stockOf(product.id)).toBe(2);
    });

    it('restores the given quantity once per key', async () => {
      const product = buildProduct({ stock: 1 });
      await store().products.insert(product);
      const restore = {
        productId: product.id,
        effectKey: 'refund-1:0',
        kind: 'restore' as const,
        quantity: 3,
      };
      expect(await store().products.applyStockChange(restore, BUILDER_NOW)).toBe(3);
      expect(await store().products.applyStockChange(restore, BUILDER_NOW)).toBe(3);
      expect(await stockOf(product.id)).toBe(4);
    });

    it('moves nothing for an unknown product', async () => {
      const change = { productId: newObjectId(), effectKey: 'k', kind: 'take' as const, quantity: 2 };
      expect(await store().products.applyStockChange(change, BUILDER_NOW)).toBe(0);
    });
  });
};
