import {
  type CounterStore,
  type DomainError,
  domainError,
  err,
  type NewOrder,
  type Order,
  type OrderListQuery,
  type SalesQuery,
  type OrderStore,
  ok,
  offsetOf,
  pageOf,
  type Result,
  type StatusChange,
  type StatusChangeFailure,
  type TransferClaim,
  type TransferSlot,
} from '@trx-shop/domain';
import type { Filter } from 'mongodb';
import type { ShopCollections } from '../collections.js';
import type { OrderDocument } from '../documents.js';
import { orderFromDocument, orderToDocument } from '../mapping.js';
import { findPage, NEWEST_FIRST } from '../paging.js';
import { withCustomers } from './order-customers.js';
import type { PendingOrderLocks } from './pending-order-lock.js';

const ORDER_COUNTER = 'order';

const listFilter = (query: OrderListQuery): Filter<OrderDocument> =>
  query.status === undefined ? {} : { status: query.status };

const SALES_BATCH = 500;
const salesFilter = (query: SalesQuery): Filter<OrderDocument> => ({
  ...listFilter(query),
  ...(query.from === undefined && query.to === undefined
    ? {}
    : {
        createdAt: {
          ...(query.from === undefined ? {} : { $gte: query.from }),
          ...(query.to === undefined ? {} : { $lt: query.to }),
        },
      }),
});

/** The write a claim may win: docs/decisions.md section 7, step 2. */
const claimGuard = (orderId: string, slot: TransferSlot): Filter<OrderDocument> =>
  slot === 'payment'
    ? { _id: orderId, status: 'pending', $or: [{ payment: null }, { 'payment.state': 'failed' }] }
    : // A refund only of money that arrived, and never a second one after a confirmed refund.
      {
        _id: orderId,
        status: 'completed',
        'payment.state': 'confirmed',
        $or: [{ refund: null }, { 'refund.state': 'failed' }],
      };

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

export const createMongoOrderStore = (
  { orders, users }: Pick<ShopCollections, 'orders' | 'users'>,
  counters: CounterStore,
  locks: PendingOrderLocks,
): OrderStore => {
  const findById = async (id: string): Promise<Order | null> => {
    const document = await orders.findOne({ _id: id });
    return document ? orderFromDocument(document) : null;
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
    const before = await orders.findOneAndUpdate(
      {
        _id: orderId,
        status: { $in: [...change.from] },
        ...(change.paymentTxId === undefined ? {} : { 'payment.txId': change.paymentTxId }),
        // In the same guarded write, so a cancel loses against a payment claimed a moment earlier.
        ...(change.requireNoLivePayment ? { 'payment.state': { $nin: ['pending', 'confirmed'] } } : {}),
        ...(change.requireNoTransferInFlight
          ? { $and: [{ 'payment.state': { $ne: 'pending' } }, { 'refund.state': { $ne: 'pending' } }] }
          : {}),
      },
      { $set: fields },
      { returnDocument: 'before' },
    );
    return before ? { before, after: { ...before, ...fields } } : null;
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

  return {
    async create(order: NewOrder): Promise<Result<Order, DomainError>> {
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
        await orders.insertOne(orderToDocument(stored));
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

    async *streamSales(query) {
      // The driver's cursor fetches in batches; customers are joined one batch at a time.
      const cursor = orders.find(salesFilter(query)).sort(NEWEST_FIRST).batchSize(SALES_BATCH);
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
      const filter = salesFilter(query);
      const [documents, total] = await Promise.all([
        orders.find(filter).sort(NEWEST_FIRST).skip(offsetOf(page)).limit(page.limit).toArray(),
        orders.countDocuments(filter),
      ]);
      return pageOf(await withCustomers(users, documents), total, page);
    },

    async claimTransfer(orderId, slot, claim: TransferClaim) {
      const fields =
        slot === 'payment'
          ? { payment: { ...claim }, transactionHash: claim.txId, updatedAt: claim.claimedAt }
          : { refund: { ...claim }, updatedAt: claim.claimedAt };
      const result = await orders.updateOne(claimGuard(orderId, slot), { $set: fields });
      return result.matchedCount === 1;
    },

    async markClaimRecorded(orderId, slot, txId) {
      await orders.updateOne(
        { _id: orderId, [`${slot}.txId`]: txId },
        { $set: { [`${slot}.recorded`]: true } },
      );
    },

    async settleClaim(orderId, slot, txId, state) {
      await orders.updateOne(
        { _id: orderId, [`${slot}.txId`]: txId },
        { $set: { [`${slot}.state`]: state } },
      );
    },

    async listUnrecordedClaims(limit) {
      const documents = await orders
        .find({ $or: [{ 'payment.recorded': false }, { 'refund.recorded': false }] })
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
