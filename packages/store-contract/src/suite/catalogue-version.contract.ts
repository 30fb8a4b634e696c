import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { buildProduct } from '../builders/product.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

/*
 * The catalogue version: memoized public catalogue answers are keyed by it, so every
 * write a public answer can show (a product's fields, its stock) must change it, and nothing else
 * may be needed to see the change. Reading it twice with nothing written gives the same token,
 * or a memo would never be used.
 */
export const describeCatalogueVersionContract = (harness: ContractHarness): void => {
  describe('catalogue version', () => {
    const store = useFreshStore(harness);
    const version = () => store().products.catalogueVersion();

    /** Runs `write` and answers whether the version moved. */
    const moves = async (write: () => Promise<unknown>): Promise<boolean> => {
      const before = await version();
      await write();
      return (await version()) !== before;
    };

    it('is a stable token while nothing is written', async () => {
      await store().products.insert(buildProduct());
      const first = await version();
      expect(typeof first).toBe('string');
      expect(first.length).toBeGreaterThan(0);
      expect(await version()).toBe(first);
      expect(await version()).toBe(first);
    });

    it('moves with every insert and every update of a public field', async () => {
      const product = buildProduct({ stock: 10 });
      expect(await moves(() => store().products.insert(product))).toBe(true);
      const at = minutesAfter(BUILDER_NOW, 1);
      const patches = [
        { priceSun: 2_500_000 },
        { name: 'Renamed' },
        { description: 'New words' },
        { category: 'digital' as const },
        { stock: 3 },
        { image: 'https://img.example/new.png' },
        { isActive: false },
        { isActive: true },
      ];
      for (const patch of patches) {
        expect(await moves(() => store().products.update(product.id, patch, at)), JSON.stringify(patch)).toBe(
          true,
        );
      }
    });

    it('moves with every stock take and restore', async () => {
      const product = buildProduct({ stock: 10 });
      await store().products.insert(product);
      const take = { productId: product.id, effectKey: 'order-1:0', kind: 'take' as const, quantity: 2 };
      expect(await moves(() => store().products.applyStockChange(take, BUILDER_NOW))).toBe(true);
      const restore = {
        productId: product.id,
        effectKey: 'refund-1:0',
        kind: 'restore' as const,
        quantity: 2,
      };
      expect(await moves(() => store().products.applyStockChange(restore, BUILDER_NOW))).toBe(true);
    });

    it('is the same token for every handle of one database, and moves for all of them', async () => {
      const product = buildProduct({ stock: 4 });
      await store().products.insert(product);
      const seenHere = await version();
      const [seenElsewhere] = await harness.race(store(), 'catalogueVersion', [{}]);
      expect(seenElsewhere).toBe(seenHere);
      await harness.race(store(), 'updateProductPrice', [{ productId: product.id, priceSun: 7_000_000 }]);
      expect(await version()).not.toBe(seenHere);
      expect((await store().products.findById(product.id))?.priceSun).toBe(7_000_000);
    });
  });
};
