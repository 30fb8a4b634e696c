import {
  type CounterStore,
  type DomainError,
  domainError,
  err,
  type NewOrder,
  type Order,
  type OrderListQuery,
  type OrderStatus,
  type OrderRefund,
  type PaidTransfer,
  type ShopEvent,
  type OrderStore,
  ok,
  offsetOf,
  pageOf,
  type Result,
  type StatusChange,
  type StatusChangeFailure,
  type TransferClaim,
} from '@trx-shop/domain';
import type { Filter, UpdateFilter } from 'mongodb';
import type { ShopCollections } from '../collections.js';
import type { OrderDocument } from '../documents.js';
import { orderFromDocument, orderToDocument } from '../mapping.js';
import { findPage, NEWEST_FIRST } from '../paging.js';
import { userOrderMarks, versionIdOf } from './version-store.js';
import { withCustomers } from './order-customers.js';
import { salesFilterOf } from './sales-filter.js';
import { withEvents } from './outbox-writes.js';
import type { PendingOrderLocks } from './pending-order-lock.js';

const ORDER_COUNTER = 'order';

const listFilter = (query: OrderListQuery): Filter<OrderDocument> =>
  query.status === undefined ? {} : { status: query.status };

const SALES_BATCH = 500;

/** The write a payment claim may win: docs/decisions.md section 7, step 2. */
const paymentClaimGuard = (orderId: string): Filter<OrderDocument> => ({
  _id: orderId,
  status: 'pending',
  $or: [{ payment: null }, { 'payment.state': 'failed' }],
});

/**
 * The write a refund claim may win: only of money that arrived (`paid` is the confirmed payment),
 * and only while the refunds not failed plus this one stay within it. The remainder is checked on
 * the stored counter, not on a sum over `refunds`, so the check and the `$inc` are one write.
 */
const refundClaimGuard = (
  orderId: string,
  refund: OrderRefund,
  paid: PaidTransfer,
): Filter<OrderDocument> => ({
  _id: orderId,
  status: 'completed',
  'payment.state': 'confirmed',
  'payment.txId': paid.txId,
  refundClaimedSun: { $lte: paid.amountSun - refund.amountSun },
});

/** The refund holding `txId`, only while pending: a repeated settlement then matches nothing. */
const pendingRefund = (orderId: string, txId: string): Filter<OrderDocument> => ({
  _id: orderId,
  refunds: { $elemMatch: { txId, state: 'pending' } },
});

const statusFields = (change: StatusChange): Partial<OrderDocument> => ({
  status: change.to,
  updatedAt: change.at,
  ...(change.beginEffect === 'purchase' ? { purchaseEffect: 'applying' as const } : {}),
  ...(change.beginEffect === 'refund' ? { refundEffect: 'applying' as const } : {}),
  ...(change.transactionHash === undefined ? {} : { transactionHash: change.transactionHash }),
  ...(change.paymentClaim === undefined
    ? {}
    : { payment: { ...change.paymentClaim }, transactionHash: change.paymentClaim.txId }),
});

/** The version of a user's orders (VersionStore, topic `user-orders`). */
const userOrdersVersionId = (userId: string) => versionIdOf({ kind: 'user-orders', userId });

export const createMongoOrderStore = (
  { orders, users, versions }: Pick<ShopCollections, 'orders' | 'users' | 'versions'>,
  counters: CounterStore,
  locks: PendingOrderLocks,
): OrderStore => {
  const findById = async (id: string): Promise<Order | null> => {
    const document = await orders.findOne({ _id: id });
    return document ? orderFromDocument(document) : null;
  };

  // Every write an order page shows carries a page mark, settled once the write landed.
  const pages = userOrderMarks({ orders, versions });
  const settlePage = (orderId: string, mark: { readonly [field: string]: string }, userId: string) =>
    pages.settle(userOrdersVersionId(userId), orderId, pages.markOf(mark));
  /**
   * One guarded write carrying a page mark; its pre-image names the owner whose version to move,
   * so no second read is needed. Answers whether the guard matched.
   */
  const writeMarked = async (
    filter: Filter<OrderDocument>,
    update: (mark: { readonly [field: string]: string }) => UpdateFilter<OrderDocument>,
  ): Promise<boolean> => {
    const mark = pages.markFields();
    const before = await orders.findOneAndUpdate(filter, update(mark), { projection: { userId: 1 } });
    if (!before) return false;
    await settlePage(before._id, mark, before.userId);
    return true;
  };

  /**
   * The guarded status write. The answer is the pre-image with this write's fields applied, not
   * a post-image: it is exactly what this call wrote, and mongo-java-server's post-images can
   * show a concurrent writer's document.
   */
  const writeStatus = async (
    orderId: string,
    change: StatusChange,
  ): Promise<{ readonly before: OrderDocument; readonly after: OrderDocument } | null> => {
    const fields = statusFields(change);
    const mark = pages.markFields();
    const before = await orders.findOneAndUpdate(
      {
        _id: orderId,
        status: { $in: [...change.from] },
        ...(change.paymentTxId === undefined ? {} : { 'payment.txId': change.paymentTxId }),
        // In the same guarded write, so a cancel loses against a payment claimed a moment earlier.
        ...(change.requireNoLivePayment ? { 'payment.state': { $nin: ['pending', 'confirmed'] } } : {}),
        ...(change.requireNoTransferInFlight
          ? // On an array, $ne matches only when no element equals: no refund at all is pending.
            { $and: [{ 'payment.state': { $ne: 'pending' } }, { 'refunds.state': { $ne: 'pending' } }] }
          : {}),
      },
      withEvents({ $set: { ...fields, ...mark } }, change.events),
      { returnDocument: 'before' },
    );
    if (!before) return null;
    await settlePage(orderId, mark, before.userId);
    return { before, after: { ...before, ...fields } };
  };

  const failureOf = async (orderId: string): Promise<StatusChangeFailure> =>
    (await orders.countDocuments({ _id: orderId }, { limit: 1 })) === 0
      ? 'ORDER_NOT_FOUND'
      : 'STATUS_MISMATCH';

  /**
   * Any change but into pending. Leaving pending: the status write first, then the lock release,
   * so no instant shows the user two pending orders.
   */
  const changeToNonPending = async (
    orderId: string,
    change: StatusChange,
  ): Promise<Result<Order, StatusChangeFailure>> => {
    const written = await writeStatus(orderId, change);
    if (!written) return err(await failureOf(orderId));
    if (written.before.status === 'pending') await locks.release(written.before.userId, orderId);
    return ok(orderFromDocument(written.after));
  };

  /** Entering pending: the lock first (or PENDING_ORDER_EXISTS), then the status write. */
  const changeIntoPending = async (
    orderId: string,
    change: StatusChange,
  ): Promise<Result<Order, StatusChangeFailure>> => {
    const current = await orders.findOne({ _id: orderId });
    if (!current) return err('ORDER_NOT_FOUND');
    if (!change.from.includes(current.status)) return err('STATUS_MISMATCH');
    const alreadyPending = current.status === 'pending';
    if (!alreadyPending) {
      const lock = await locks.take(current.userId, orderId, change.at, true);
      if (!lock.taken) return err('PENDING_ORDER_EXISTS');
    }
    const written = await writeStatus(orderId, change);
    if (alreadyPending) return written ? ok(orderFromDocument(written.after)) : err(await failureOf(orderId));
    if (written) {
      await locks.confirmSettled(current.userId, orderId);
      return ok(orderFromDocument(written.after));
    }
    // Lost to a concurrent change: give the lock back unless the order did become pending.
    const latest = await orders.findOne({ _id: orderId }, { projection: { status: 1 } });
    if (latest?.status === 'pending') await locks.confirmSettled(current.userId, orderId);
    else await locks.release(current.userId, orderId);
    return err(latest ? 'STATUS_MISMATCH' : 'ORDER_NOT_FOUND');
  };

  /**
   * A pending refund's new state and its counters in one guarded write. The amount is read first
   * (a refund's amount never changes); the guard on `pending` makes a repeat, or a racing second
   * settlement, change nothing, so the counters move once. The element is named by an array
   * filter, not by `refunds.$`: mongo-java-server finds no position for a `$elemMatch` query.
   */
  const settleRefund = async (
    orderId: string,
    txId: string,
    state: 'confirmed' | 'failed',
    events: readonly ShopEvent[] | undefined,
  ) => {
    const filter = pendingRefund(orderId, txId);
    const document = await orders.findOne(filter, { projection: { refunds: 1, userId: 1 } });
    const settling = document?.refunds.find((refund) => refund.txId === txId && refund.state === 'pending');
    if (!document || !settling) return;
    const mark = pages.markFields();
    const result = await orders.updateOne(
      filter,
      withEvents(
        {
          $set: { 'refunds.$[settling].state': state, ...mark },
          $inc:
            state === 'confirmed'
              ? { refundedSun: settling.amountSun }
              : { refundClaimedSun: -settling.amountSun },
        },
        events,
      ),
      { arrayFilters: [{ 'settling.txId': txId, 'settling.state': 'pending' }] },
    );
    if (result.matchedCount === 1) await settlePage(orderId, mark, document.userId);
  };

  return {
    async create(
      order: NewOrder,
      events?: readonly ShopEvent[],
    ): Promise<Result<Order, DomainError<'PENDING_ORDER_EXISTS'>>> {
      // Lock, then number, then insert: a refused creation never consumes an order number.
      const lock = await locks.take(order.userId, order.id, order.createdAt);
      if (!lock.taken) {
        return err(
          domainError('PENDING_ORDER_EXISTS', 'You already have a pending order', {
            pendingOrderId: lock.holderOrderId,
          }),
        );
      }
      try {
        const stored: Order = { ...order, number: await counters.next(ORDER_COUNTER) };
        const mark = pages.markFields();
        await orders.insertOne({ ...orderToDocument(stored, events), ...mark });
        await settlePage(stored.id, mark, stored.userId);
        return ok(stored);
      } catch (error) {
        await locks.release(order.userId, order.id);
        throw error;
      }
    },

    findById,

    async findPendingByUser(userId) {
      const document = await orders.findOne({ userId, status: 'pending' });
      return document ? orderFromDocument(document) : null;
    },

    listByUser: (userId, query, page) =>
      findPage(orders, { userId, ...listFilter(query) }, page, orderFromDocument),

    async countByUser(userId) {
      // orders_user_status_created holds userId, status and createdAt: the group can be answered
      // from the index alone.
      const groups = await orders
        .aggregate<{ _id: OrderStatus; count: number; lastCreatedAt: Date }>([
          { $match: { userId } },
          { $group: { _id: '$status', count: { $sum: 1 }, lastCreatedAt: { $max: '$createdAt' } } },
        ])
        .toArray();
      return groups.map(({ _id, count, lastCreatedAt }) => ({ status: _id, count, lastCreatedAt }));
    },

    async *streamSales(query) {
      // The driver's cursor fetches in batches; customers are joined one batch at a time.
      const cursor = orders
        .find(await salesFilterOf(users, query))
        .sort(NEWEST_FIRST)
        .batchSize(SALES_BATCH);
      let batch: OrderDocument[] = [];
      for await (const document of cursor) {
        batch.push(document);
        if (batch.length === SALES_BATCH) {
          yield* await withCustomers(users, batch);
          batch = [];
        }
      }
      if (batch.length > 0) yield* await withCustomers(users, batch);
    },

    async listSales(query, page) {
      const filter = await salesFilterOf(users, query);
      const [documents, total] = await Promise.all([
        orders.find(filter).sort(NEWEST_FIRST).skip(offsetOf(page)).limit(page.limit).toArray(),
        orders.countDocuments(filter),
      ]);
      return pageOf(await withCustomers(users, documents), total, page);
    },

    claimTransfer: (orderId, _slot, claim: TransferClaim, events) =>
      writeMarked(paymentClaimGuard(orderId), (mark) =>
        withEvents(
          {
            $set: { payment: { ...claim }, transactionHash: claim.txId, updatedAt: claim.claimedAt, ...mark },
          },
          events,
        ),
      ),

    claimRefund: (orderId, refund, paid, events) =>
      writeMarked(refundClaimGuard(orderId, refund, paid), (mark) =>
        withEvents(
          {
            $push: { refunds: { ...refund } },
            $inc: { refundClaimedSun: refund.amountSun },
            $set: { updatedAt: refund.claimedAt, ...mark },
          },
          events,
        ),
      ),

    async markClaimRecorded(orderId, slot, txId) {
      if (slot === 'refund') {
        await orders.updateOne(
          { _id: orderId, 'refunds.txId': txId },
          { $set: { 'refunds.$.recorded': true } },
        );
        return;
      }
      await orders.updateOne({ _id: orderId, 'payment.txId': txId }, { $set: { 'payment.recorded': true } });
    },

    async settleClaim(orderId, slot, txId, state, events) {
      if (slot === 'refund') {
        await settleRefund(orderId, txId, state, events);
        return;
      }
      // Guarded on the state differing: a repeated settlement matches nothing and writes no event.
      await writeMarked({ _id: orderId, 'payment.txId': txId, 'payment.state': { $ne: state } }, (mark) =>
        withEvents({ $set: { 'payment.state': state, ...mark } }, events),
      );
    },

    async listUnrecordedClaims(limit) {
      const documents = await orders
        .find({ $or: [{ 'payment.recorded': false }, { 'refunds.recorded': false }] })
        .sort({ createdAt: 1, _id: 1 })
        .limit(limit)
        .toArray();
      return documents.map(orderFromDocument);
    },

    changeStatus(orderId, change) {
      return change.to === 'pending'
        ? changeIntoPending(orderId, change)
        : changeToNonPending(orderId, change);
    },

    async recordStockMovement(orderId, kind, lineIndex, quantity) {
      const field = `${kind === 'purchase' ? 'stockTaken' : 'stockRestored'}.${lineIndex}`;
      // Guarded on the slot still being null: a repeated effect never overwrites the first record.
      await orders.updateOne({ _id: orderId, [field]: null }, { $set: { [field]: quantity } });
    },

    async finishEffect(orderId, kind) {
      const field = kind === 'purchase' ? 'purchaseEffect' : 'refundEffect';
      await orders.updateOne({ _id: orderId }, { $set: { [field]: 'applied' } });
    },

    count: () => orders.countDocuments({}),
  };
};
