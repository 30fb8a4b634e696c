import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { buildProduct } from '../builders/product.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const RACE_TIMEOUT_MS = 120_000;
const TRX = 1_000_000;
const WALLET = 'TWalletUnderTestxxxxxxxxxxxxxxxxxx';

export const describeReservationContract = (harness: ContractHarness): void => {
  describe('stock reservations', () => {
    const store = useFreshStore(harness);

    const insertProduct = async (stock: number) => {
      const product = buildProduct({ stock });
      await store().products.insert(product);
      return product;
    };
    const hold = (productId: string, key: string, quantity: number, minutes = 0) =>
      store().products.reserveStock({
        productId,
        key,
        quantity,
        reservedAt: minutesAfter(BUILDER_NOW, minutes),
      });
    const figures = async (id: string) => {
      const product = await store().products.findById(id);
      return { stock: product?.stock, reservedStock: product?.reservedStock };
    };

    it('holds units while stock minus reservations covers them, and shows them as reservedStock', async () => {
      const product = await insertProduct(5);
      expect(await hold(product.id, 'order-a:0', 3)).toBe(true);
      expect(await hold(product.id, 'order-b:0', 3)).toBe(false);
      expect(await hold(product.id, 'order-b:0', 2)).toBe(true);
      expect(await hold(product.id, 'order-c:0', 1)).toBe(false);
      expect(await figures(product.id)).toEqual({ stock: 5, reservedStock: 5 });
    });

    it('answers true for a key already held without holding more', async () => {
      const product = await insertProduct(4);
      expect(await hold(product.id, 'order-a:0', 3)).toBe(true);
      expect(await hold(product.id, 'order-a:0', 3)).toBe(true);
      expect(await figures(product.id)).toEqual({ stock: 4, reservedStock: 3 });
    });

    it('releases a reservation once, and releasing an unknown key changes nothing', async () => {
      const product = await insertProduct(4);
      await hold(product.id, 'order-a:0', 3);
      await hold(product.id, 'order-b:0', 1);
      await store().products.releaseStock(product.id, 'order-a:0');
      await store().products.releaseStock(product.id, 'order-a:0');
      await store().products.releaseStock(product.id, 'never-held:0');
      expect(await figures(product.id)).toEqual({ stock: 4, reservedStock: 1 });
      expect(await hold(product.id, 'order-c:0', 3)).toBe(true);
    });

    it('refuses a reservation on an unknown product', async () => {
      const product = buildProduct();
      expect(await hold(product.id, 'order-a:0', 1)).toBe(false);
    });

    it('turns the reservation into the stock reduction when a take names it', async () => {
      const product = await insertProduct(5);
      await hold(product.id, 'order-a:0', 2);
      await hold(product.id, 'order-b:0', 3);
      const moved = await store().products.applyStockChange(
        {
          productId: product.id,
          effectKey: 'order-a:purchase:0',
          kind: 'take',
          quantity: 2,
          reservationKey: 'order-a:0',
        },
        BUILDER_NOW,
      );
      expect(moved).toBe(2);
      expect(await figures(product.id)).toEqual({ stock: 3, reservedStock: 3 });
      // Repeating the take (a second listener) neither moves stock nor drops another reservation.
      await store().products.applyStockChange(
        {
          productId: product.id,
          effectKey: 'order-a:purchase:0',
          kind: 'take',
          quantity: 2,
          reservationKey: 'order-b:0',
        },
        BUILDER_NOW,
      );
      expect(await figures(product.id)).toEqual({ stock: 3, reservedStock: 3 });
    });

    it('takes without a reservation when its key is not held (never below 0)', async () => {
      const product = await insertProduct(1);
      const moved = await store().products.applyStockChange(
        {
          productId: product.id,
          effectKey: 'order-z:purchase:0',
          kind: 'take',
          quantity: 2,
          reservationKey: 'order-z:0',
        },
        BUILDER_NOW,
      );
      expect(moved).toBe(1);
      expect(await figures(product.id)).toEqual({ stock: 0, reservedStock: 0 });
    });

    it('lists reservations made before a moment, oldest first', async () => {
      const first = await insertProduct(10);
      const second = await insertProduct(10);
      await hold(first.id, 'order-late:0', 1, 30);
      await hold(second.id, 'order-early:0', 2, 5);
      await hold(first.id, 'order-mid:1', 3, 10);
      const listed = await store().products.listStockReservations(minutesAfter(BUILDER_NOW, 20), 10);
      expect(listed).toEqual([
        { productId: second.id, key: 'order-early:0', quantity: 2, reservedAt: minutesAfter(BUILDER_NOW, 5) },
        { productId: first.id, key: 'order-mid:1', quantity: 3, reservedAt: minutesAfter(BUILDER_NOW, 10) },
      ]);
      expect(await store().products.listStockReservations(minutesAfter(BUILDER_NOW, 20), 1)).toHaveLength(1);
    });

    it(
      'lets exactly 5 of 20 buyers racing from separate connections hold the last 5 units',
      async () => {
        const product = await insertProduct(5);
        const held = await harness.race(
          store(),
          'reserveStock',
          Array.from({ length: 20 }, (_, index) => ({
            productId: product.id,
            key: `buyer-${index}:0`,
            quantity: 1,
            reservedAt: BUILDER_NOW,
          })),
        );
        expect(held.filter(Boolean)).toHaveLength(5);
        expect(await figures(product.id)).toEqual({ stock: 5, reservedStock: 5 });
        const listed = await store().products.listStockReservations(minutesAfter(BUILDER_NOW, 1), 100);
        expect(listed.map((reservation) => reservation.key).sort()).toEqual(
          held.flatMap((won, index) => (won ? [`buyer-${index}:0`] : [])).sort(),
        );
      },
      RACE_TIMEOUT_MS,
    );
  });

  describe('wallet reservations', () => {
    const store = useFreshStore(harness);

    const reserve = (key: string, amountSun: number, limitSun: number, minutes = 0, address = WALLET) =>
      store().walletReservations.reserve(
        { address, key, amountSun, reservedAt: minutesAfter(BUILDER_NOW, minutes) },
        limitSun,
      );

    it('reserves while the wallet’s reservations plus this one stay within the limit', async () => {
      expect(await reserve('withdrawal:a', 400 * TRX, 1000 * TRX)).toBe(true);
      expect(await reserve('withdrawal:b', 400 * TRX, 1000 * TRX)).toBe(true);
      expect(await reserve('withdrawal:c', 400 * TRX, 1000 * TRX)).toBe(false);
      expect(await reserve('withdrawal:c', 200 * TRX, 1000 * TRX)).toBe(true);
      expect(await reserve('withdrawal:d', 1, 1000 * TRX)).toBe(false);
      expect(await store().walletReservations.reservedSun(WALLET)).toBe(1000 * TRX);
      // Another wallet has its own figure.
      expect(
        await reserve('withdrawal:e', 900 * TRX, 1000 * TRX, 0, 'TAnotherWalletxxxxxxxxxxxxxxxxxxxx'),
      ).toBe(true);
    });

    it('answers true for a key already held without reserving again', async () => {
      expect(await reserve('payment:order-1', 300 * TRX, 1000 * TRX)).toBe(true);
      expect(await reserve('payment:order-1', 300 * TRX, 1000 * TRX)).toBe(true);
      expect(await store().walletReservations.reservedSun(WALLET)).toBe(300 * TRX);
    });

    it('releases once; an unknown key or wallet changes nothing', async () => {
      await reserve('payment:order-1', 300 * TRX, 1000 * TRX);
      await reserve('refund:order-2', 100 * TRX, 1000 * TRX);
      await store().walletReservations.release(WALLET, 'payment:order-1');
      await store().walletReservations.release(WALLET, 'payment:order-1');
      await store().walletReservations.release(WALLET, 'payment:never');
      await store().walletReservations.release('TNobodyxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'payment:order-1');
      expect(await store().walletReservations.reservedSun(WALLET)).toBe(100 * TRX);
      expect(await store().walletReservations.reservedSun('TNobodyxxxxxxxxxxxxxxxxxxxxxxxxxxx')).toBe(0);
    });

    it('lists reservations made before a moment, oldest first', async () => {
      await reserve('withdrawal:late', 1, 1000 * TRX, 30);
      await reserve('withdrawal:early', 2, 1000 * TRX, 5);
      await reserve('withdrawal:mid', 3, 1000 * TRX, 10, 'TAnotherWalletxxxxxxxxxxxxxxxxxxxx');
      expect(await store().walletReservations.listBefore(minutesAfter(BUILDER_NOW, 20), 10)).toEqual([
        { address: WALLET, key: 'withdrawal:early', amountSun: 2, reservedAt: minutesAfter(BUILDER_NOW, 5) },
        {
          address: 'TAnotherWalletxxxxxxxxxxxxxxxxxxxx',
          key: 'withdrawal:mid',
          amountSun: 3,
          reservedAt: minutesAfter(BUILDER_NOW, 10),
        },
      ]);
    });

    it(
      'lets exactly 2 of 10 concurrent 400 TRX reservations on a 1,000 TRX wallet win, from separate connections',
      async () => {
        const won = await harness.race(
          store(),
          'reserveOutgoing',
          Array.from({ length: 10 }, (_, index) => ({
            reservation: {
              address: WALLET,
              key: `withdrawal:${index}`,
              amountSun: 400 * TRX,
              reservedAt: BUILDER_NOW,
            },
            limitSun: 1000 * TRX,
          })),
        );
        expect(won.filter(Boolean)).toHaveLength(2);
        expect(await store().walletReservations.reservedSun(WALLET)).toBe(800 * TRX);
      },
      RACE_TIMEOUT_MS,
    );
  });
};
