import type { User, VersionTopic } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildOrder, buildOrderRefund, buildTransferClaim } from '../builders/order.builder.js';
import { buildProduct } from '../builders/product.builder.js';
import { buildUser } from '../builders/user.builder.js';
import type { ContractHarness } from '../harness.js';
import { paidOrder } from './paid-order.js';
import { useFreshStore } from './use-store.js';

/*
 * Versions: answers kept by version are only exact if every write that changes what a topic covers
 * moves its version, as every handle of the database sees it; writes that change nothing a topic
 * covers leave it alone, or keeping answers would buy nothing. Reading twice with nothing written
 * gives the same version.
 */

const CATALOGUE: VersionTopic = { kind: 'catalogue' };
const CUSTOMER_SEARCH: VersionTopic = { kind: 'customer-search' };
const WALLET_HOLDERS: VersionTopic = { kind: 'wallet-holders' };
const ordersOf = (userId: string): VersionTopic => ({ kind: 'user-orders', userId });

/** Another handle may be a worker thread that loads the store's code before it reads. */
const OTHER_HANDLE_TIMEOUT_MS = 60_000;

const walletless = (): User => {
  const user = buildUser();
  return { ...user, wallet: { ...user.wallet, address: null } };
};

export const describeVersionsContract = (harness: ContractHarness): void => {
  describe('versions', () => {
    const store = useFreshStore(harness);
    const version = (topic: VersionTopic) => store().versions.current(topic);

    /** Runs `write` and answers whether the version of `topic` moved. */
    const moves = async (topic: VersionTopic, write: () => Promise<unknown>): Promise<boolean> => {
      const before = await version(topic);
      await write();
      return (await version(topic)) !== before;
    };

    it('is a stable, non-empty token for every topic, written to or not', async () => {
      const order = buildOrder();
      expect((await store().orders.create(order)).ok).toBe(true);
      await store().products.insert(buildProduct());
      expect((await store().users.insert(buildUser())).ok).toBe(true);
      const topics = [
        CATALOGUE,
        CUSTOMER_SEARCH,
        WALLET_HOLDERS,
        ordersOf(order.userId),
        ordersOf(newObjectId()),
      ];
      for (const topic of topics) {
        const first = await version(topic);
        expect(first.length, JSON.stringify(topic)).toBeGreaterThan(0);
        expect(await version(topic)).toBe(first);
      }
    });

    describe('catalogue', () => {
      it('moves with every insert and every update of a public field', async () => {
        const product = buildProduct({ stock: 10 });
        expect(await moves(CATALOGUE, () => store().products.insert(product))).toBe(true);
        const at = minutesAfter(BUILDER_NOW, 1);
        const patches = [
          { priceSun: 2_500_000 },
          { priceUsdt: 1_250_000 },
          { priceUsdt: null },
          { name: 'Renamed' },
          { description: 'New words' },
          { category: 'digital' as const },
          { stock: 3 },
          { image: 'https://img.example/new.png' },
          { isActive: false },
          { isActive: true },
        ];
        for (const patch of patches) {
          const update = () => store().products.update(product.id, patch, at);
          expect(await moves(CATALOGUE, update), JSON.stringify(patch)).toBe(true);
        }
      });

      it('moves with every stock take and restore', async () => {
        const product = buildProduct({ stock: 10 });
        await store().products.insert(product);
        const take = { productId: product.id, effectKey: 'order-1:0', kind: 'take' as const, quantity: 2 };
        expect(await moves(CATALOGUE, () => store().products.applyStockChange(take, BUILDER_NOW))).toBe(true);
        const restore = { ...take, effectKey: 'refund-1:0', kind: 'restore' as const };
        expect(await moves(CATALOGUE, () => store().products.applyStockChange(restore, BUILDER_NOW))).toBe(
          true,
        );
      });

      it('stays put when stock is reserved or released, which no public answer shows', async () => {
        const product = buildProduct({ stock: 10 });
        await store().products.insert(product);
        const reservation = { productId: product.id, key: 'o:0', quantity: 2, reservedAt: BUILDER_NOW };
        expect(await moves(CATALOGUE, () => store().products.reserveStock(reservation))).toBe(false);
        expect(await moves(CATALOGUE, () => store().products.releaseStock(product.id, 'o:0'))).toBe(false);
        expect((await store().products.findById(product.id))?.reservedStock).toBe(0);
      });
    });

    describe("a user's orders", () => {
      it('moves with the creation, the payment claim and its settlement, and every status change', async () => {
        const order = buildOrder();
        const topic = ordersOf(order.userId);
        const create = async () => expect((await store().orders.create(order)).ok).toBe(true);
        expect(await moves(topic, create)).toBe(true);
        const claim = buildTransferClaim();
        expect(await moves(topic, () => store().orders.claimTransfer(order.id, 'payment', claim))).toBe(true);
        const settle = () => store().orders.settleClaim(order.id, 'payment', claim.txId, 'confirmed');
        expect(await moves(topic, settle)).toBe(true);
        const complete = () =>
          store().orders.changeStatus(order.id, { from: ['pending'], to: 'completed', at: BUILDER_NOW });
        expect(await moves(topic, complete)).toBe(true);
      });

      it('moves with a refund claim and its settlement, and with a cancellation', async () => {
        const { order, paid } = await paidOrder(store());
        const topic = ordersOf(order.userId);
        const refund = buildOrderRefund({ amountSun: 500_000 });
        expect(await moves(topic, () => store().orders.claimRefund(order.id, refund, paid))).toBe(true);
        const settle = () => store().orders.settleClaim(order.id, 'refund', refund.txId, 'confirmed');
        expect(await moves(topic, settle)).toBe(true);

        const pending = buildOrder();
        expect((await store().orders.create(pending)).ok).toBe(true);
        const cancel = () =>
          store().orders.changeStatus(pending.id, {
            from: ['pending'],
            to: 'cancelled',
            at: minutesAfter(BUILDER_NOW, 1),
          });
        expect(await moves(ordersOf(pending.userId), cancel)).toBe(true);
      });

      it("stays put when another user's orders change", async () => {
        const mine = buildOrder();
        expect((await store().orders.create(mine)).ok).toBe(true);
        const theirs = buildOrder();
        const theirWrites = async () => {
          expect((await store().orders.create(theirs)).ok).toBe(true);
          await store().orders.changeStatus(theirs.id, {
            from: ['pending'],
            to: 'cancelled',
            at: BUILDER_NOW,
          });
        };
        expect(await moves(ordersOf(mine.userId), theirWrites)).toBe(false);
      });
    });

    describe('customer search', () => {
      it('moves with the insert of a customer and a change of username or email', async () => {
        const alice = buildUser({ username: 'AliceWonder' });
        expect(await moves(CUSTOMER_SEARCH, () => store().users.insert(alice))).toBe(true);
        const rename = () => store().users.updateProfile(alice.id, { username: 'AliceLooking' }, BUILDER_NOW);
        expect(await moves(CUSTOMER_SEARCH, rename)).toBe(true);
        expect((await store().users.findById(alice.id))?.username).toBe('AliceLooking');
        const move = () => store().users.changeEmail(alice.id, 'alice.moved@example.com', BUILDER_NOW);
        expect(await moves(CUSTOMER_SEARCH, move)).toBe(true);
      });

      it('stays put with writes that cannot change whom a search matches', async () => {
        const alice = buildUser();
        expect((await store().users.insert(alice)).ok).toBe(true);
        const at = minutesAfter(BUILDER_NOW, 1);
        const writes = {
          phone: () => store().users.updateProfile(alice.id, { phone: '+1 555 0100' }, at),
          login: () => store().users.recordLogin(alice.id, at),
          block: () => store().users.setActive(alice.id, false, at),
          password: () => store().users.updatePasswordHash(alice.id, 'another hash', at),
          verified: () => store().users.markEmailVerified(alice.id, alice.email, at),
        };
        for (const [name, write] of Object.entries(writes)) {
          expect(await moves(CUSTOMER_SEARCH, write), name).toBe(false);
        }
      });
    });

    describe('wallet holders', () => {
      it('moves with the insert of a user holding a wallet, and not of one without', async () => {
        expect(await moves(WALLET_HOLDERS, () => store().users.insert(buildUser()))).toBe(true);
        const bare = walletless();
        expect(await moves(WALLET_HOLDERS, () => store().users.insert(bare))).toBe(false);
        const profile = () => store().users.updateProfile(bare.id, { username: 'still_unheld' }, BUILDER_NOW);
        expect(await moves(WALLET_HOLDERS, profile)).toBe(false);
      });
    });

    it('moves each topic only with the writes of its own kind', async () => {
      const user = walletless();
      const order = buildOrder({ userId: user.id });
      const others = (moved: VersionTopic) =>
        [CATALOGUE, CUSTOMER_SEARCH, WALLET_HOLDERS, ordersOf(user.id)].filter(
          (topic) => JSON.stringify(topic) !== JSON.stringify(moved),
        );
      const writes: [VersionTopic, () => Promise<unknown>][] = [
        [CUSTOMER_SEARCH, () => store().users.insert(user)],
        [CATALOGUE, () => store().products.insert(buildProduct())],
        [ordersOf(user.id), () => store().orders.create(order)],
      ];
      for (const [moved, write] of writes) {
        const before = await Promise.all(others(moved).map(version));
        expect(await moves(moved, write), JSON.stringify(moved)).toBe(true);
        expect(await Promise.all(others(moved).map(version)), JSON.stringify(moved)).toEqual(before);
      }
    });

    it(
      'is the same token for every handle of one database',
      async () => {
        await store().products.insert(buildProduct());
        const order = buildOrder();
        expect((await store().orders.create(order)).ok).toBe(true);
        expect((await store().users.insert(buildUser())).ok).toBe(true);
        const topics = [CATALOGUE, CUSTOMER_SEARCH, WALLET_HOLDERS, ordersOf(order.userId)];
        const seenHere = await Promise.all(topics.map(version));
        expect(await harness.race(store(), 'version', topics)).toEqual(seenHere);
      },
      OTHER_HANDLE_TIMEOUT_MS,
    );

    it(
      'moves the catalogue for every handle when another one writes a product',
      async () => {
        const product = buildProduct({ stock: 4 });
        await store().products.insert(product);
        const seenHere = await version(CATALOGUE);
        await harness.race(store(), 'updateProductPrice', [{ productId: product.id, priceSun: 7_000_000 }]);
        expect(await version(CATALOGUE)).not.toBe(seenHere);
        expect((await store().products.findById(product.id))?.priceSun).toBe(7_000_000);
      },
      OTHER_HANDLE_TIMEOUT_MS,
    );

    it(
      "moves a user's orders for every handle when another one writes an order",
      async () => {
        const order = buildOrder();
        const before = await version(ordersOf(order.userId));
        const [created] = await harness.race(store(), 'createOrder', [order]);
        expect(created?.created).toBe(true);
        expect(await version(ordersOf(order.userId))).not.toBe(before);
      },
      OTHER_HANDLE_TIMEOUT_MS,
    );
  });
};
