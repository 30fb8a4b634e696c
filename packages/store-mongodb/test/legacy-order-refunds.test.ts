import type { NewOrder, OrderRefund, TransferClaim } from '@trx-shop/domain';
import { buildOrder, buildTransaction, buildTransferClaim, newObjectId } from '@trx-shop/store-contract';
import type { Collection, Document } from 'mongodb';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { backfillOrderRefunds } from '../src/backfill-order-refunds.js';
import { shopCollections } from '../src/collections.js';
import { openMongoStore } from '../src/index.js';
import { describeWithMongo } from './support/mongo-test-env.js';
import { openStoreWithRawAccess, type StoreWithRawAccess } from './support/raw-database.js';

type RawDocument = { _id: string; [field: string]: unknown };

/** An order as stored before partial refunds: one `refund` field (or none), no counters. */
const legacyOrder = (
  order: NewOrder,
  refund: TransferClaim | null | undefined,
  number: number,
): RawDocument => {
  const { id, refunds: _refunds, refundClaimedSun: _claimed, refundedSun: _refunded, ...fields } = order;
  return { _id: id, ...fields, number, ...(refund === undefined ? {} : { refund }) };
};

const merchantToCustomer = {
  fromAddress: 'TMerchantWalletAddressxxxxxxxxxxxx',
  toAddress: 'TCustomerWalletAddressxxxxxxxxxxxx',
};

/** `collection` whose `bulkWrite`s first wait for `meanwhile`: a batch read, then held back. */
const heldBeforeWrites = <TDocument extends Document>(
  collection: Collection<TDocument>,
  meanwhile: () => Promise<void>,
): Collection<TDocument> =>
  new Proxy(collection, {
    get(target, property) {
      if (property === 'bulkWrite') {
        return async (...args: Parameters<Collection<TDocument>['bulkWrite']>) => {
          await meanwhile();
          return target.bulkWrite(...args);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

describeWithMongo('orders stored before partial refunds', (uri) => {
  let env: StoreWithRawAccess;
  beforeEach(async () => {
    env = await openStoreWithRawAccess(uri, 'legacy-refunds');
  });
  afterEach(async () => {
    await env.dispose();
  });

  it('get their single refund as the first of their refunds, with counters, at the next open', async () => {
    const orders = env.db.collection<RawDocument>('orders');
    const transactions = env.db.collection<RawDocument>('transactions');
    await orders.dropIndex('orders_refunds_recorded');
    await orders.createIndex({ 'refund.recorded': 1 }, { name: 'orders_refund_recorded' });

    const payment = buildTransferClaim({ state: 'confirmed', recorded: true, amountSun: 2_000_000 });
    const paidOrder = (): NewOrder =>
      buildOrder({ status: 'refunded', payment, transactionHash: payment.txId, refundEffect: 'applied' });
    const confirmed = buildTransferClaim({ ...merchantToCustomer, state: 'confirmed', recorded: true });
    const pending = buildTransferClaim({ ...merchantToCustomer, amountSun: 700_000 });
    const failed = buildTransferClaim({ ...merchantToCustomer, state: 'failed', recorded: true });
    const record = buildTransaction({
      type: 'refund',
      transactionHash: confirmed.txId,
      ...merchantToCustomer,
    });
    const { id: recordId, ...recordFields } = record;
    await transactions.insertOne({ _id: recordId, ...recordFields, entryKey: record.transactionHash });

    const legacy = {
      unrefunded: { order: buildOrder(), refund: null },
      neverRefundable: { order: buildOrder(), refund: undefined },
      confirmed: { order: paidOrder(), refund: confirmed },
      pending: {
        order: { ...paidOrder(), status: 'completed' as const, refundEffect: null },
        refund: pending,
      },
      failed: { order: { ...paidOrder(), status: 'completed' as const, refundEffect: null }, refund: failed },
    };
    let number = 100;
    for (const { order, refund } of Object.values(legacy)) {
      number += 1;
      await orders.insertOne(legacyOrder(order, refund, number));
    }

    // Two instances starting together convert every order once.
    const [reopened, alongside] = await Promise.all([
      openMongoStore({ uri, dbName: env.dbName }),
      openMongoStore({ uri, dbName: env.dbName }),
    ]);
    try {
      const read = async (order: NewOrder) => reopened.orders.findById(order.id);
      for (const { order } of [legacy.unrefunded, legacy.neverRefundable]) {
        expect(await read(order)).toMatchObject({ refunds: [], refundClaimedSun: 0, refundedSun: 0 });
      }
      expect(await read(legacy.confirmed.order)).toMatchObject({
        refunds: [{ ...confirmed, id: recordId, reason: null }],
        refundClaimedSun: confirmed.amountSun,
        refundedSun: confirmed.amountSun,
      });
      expect(await read(legacy.pending.order)).toMatchObject({
        refunds: [{ ...pending, id: pending.txId, reason: null }],
        refundClaimedSun: 700_000,
        refundedSun: 0,
      });
      expect(await read(legacy.failed.order)).toMatchObject({
        refunds: [{ ...failed, id: failed.txId, reason: null }],
        refundClaimedSun: 0,
        refundedSun: 0,
      });
      expect(await orders.countDocuments({ refund: { $exists: true } })).toBe(0);
      const indexNames = (await orders.listIndexes().toArray()).map((index) => String(index.name));
      expect(indexNames).toContain('orders_refunds_recorded');
      expect(indexNames).not.toContain('orders_refund_recorded');

      // The converted pending refund goes on as any other: listed until recorded, then settled once.
      expect((await reopened.orders.listUnrecordedClaims(10)).map((order) => order.id)).toEqual([
        legacy.pending.order.id,
      ]);
      await reopened.orders.markClaimRecorded(legacy.pending.order.id, 'refund', pending.txId);
      await reopened.orders.settleClaim(legacy.pending.order.id, 'refund', pending.txId, 'confirmed');
      await alongside.orders.settleClaim(legacy.pending.order.id, 'refund', pending.txId, 'confirmed');
      expect(await read(legacy.pending.order)).toMatchObject({
        refunds: [{ ...pending, id: pending.txId, reason: null, state: 'confirmed', recorded: true }],
        refundClaimedSun: 700_000,
        refundedSun: 700_000,
      });
      expect(await reopened.orders.listUnrecordedClaims(10)).toEqual([]);
    } finally {
      await Promise.all([reopened.close(), alongside.close()]);
    }
  });

  it('are not converted again by a start that read them before another instance converted and changed them', async () => {
    const orders = env.db.collection<RawDocument>('orders');
    const payment = buildTransferClaim({ state: 'confirmed', recorded: true, amountSun: 2_000_000 });
    const paid = { txId: payment.txId, amountSun: payment.amountSun };
    const order = buildOrder({ status: 'completed', payment, transactionHash: payment.txId });
    const pending = buildTransferClaim({ ...merchantToCustomer, amountSun: 700_000 });
    await orders.insertOne(legacyOrder(order, pending, 101));
    const second: OrderRefund = {
      ...buildTransferClaim({ ...merchantToCustomer, amountSun: 300_000 }),
      id: newObjectId(),
      reason: null,
    };

    // This start reads the legacy order; before its write lands, another instance opens (and
    // converts it), then the converted refund settles and a second refund is claimed.
    let meanwhileRuns = 0;
    const collections = shopCollections(env.db);
    await backfillOrderRefunds({
      ...collections,
      orders: heldBeforeWrites(collections.orders, async () => {
        meanwhileRuns += 1;
        if (meanwhileRuns > 1) return;
        const other = await env.openAnother();
        await other.orders.settleClaim(order.id, 'refund', pending.txId, 'confirmed');
        expect(await other.orders.claimRefund(order.id, second, paid)).toBe(true);
      }),
    });

    expect(meanwhileRuns).toBe(1);
    const converted = { ...pending, id: pending.txId, reason: null };
    expect(await env.store.orders.findById(order.id)).toMatchObject({
      refunds: [{ ...converted, state: 'confirmed' }, second],
      refundClaimedSun: 1_000_000,
      refundedSun: 700_000,
    });
    expect(await orders.countDocuments({ refund: { $exists: true } })).toBe(0);
  });
});
