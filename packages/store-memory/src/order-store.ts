import {
  domainError,
  err,
  ok,
  type Order,
  type OrderRefund,
  type OrderStatus,
  type OrderStore,
  orderNumberSearched,
  type PaidTransfer,
  type SalesQuery,
  type TransferClaim,
  type UserStatusCount,
} from '@trx-shop/domain';
import { writeOutbox } from './outbox-store.js';
import { containsText, newestFirst, pageFrom, type Tables } from './tables.js';
import { moveVersion } from './version-store.js';

const ORDER_NUMBER_COUNTER = 'order';

const isLive = (claim: TransferClaim | null): boolean =>
  claim?.state === 'pending' || claim?.state === 'confirmed';

/** The payment claim guard of the real stores (docs/api.md, "Money safety rules"). */
const payable = (order: Order): boolean =>
  order.status === 'pending' && (order.payment === null || order.payment.state === 'failed');

/** The refund claim guard of the real stores: completed, paid by `paid`, and the remainder covers it. */
const refundable = (order: Order, refund: OrderRefund, paid: PaidTransfer): boolean =>
  order.status === 'completed' &&
  order.payment?.state === 'confirmed' &&
  order.payment.txId === paid.txId &&
  order.refundClaimedSun + refund.amountSun <= paid.amountSun;

/** A pending refund's settlement with its counters; any other refund stays as it is. */
const settleRefund = (order: Order, txId: string, state: 'confirmed' | 'failed'): Order => {
  const settling = order.refunds.find((refund) => refund.txId === txId && refund.state === 'pending');
  if (!settling) return order;
  return {
    ...order,
    refunds: order.refunds.map((refund) => (refund === settling ? { ...refund, state } : refund)),
    ...(state === 'confirmed'
      ? { refundedSun: order.refundedSun + settling.amountSun }
      : { refundClaimedSun: order.refundClaimedSun - settling.amountSun }),
  };
};

export const createMemoryOrderStore = ({
  orders: ordersTable,
  versions,
  users,
  counters,
  outbox,
}: Pick<Tables, 'orders' | 'versions' | 'users' | 'counters' | 'outbox'>): OrderStore => {
  // Every write goes through `set`, so none can skip moving its owner's version.
  const orders = {
    get: (id: string) => ordersTable.get(id),
    values: () => ordersTable.values(),
    get size() {
      return ordersTable.size;
    },
    set(id: string, order: Order) {
      ordersTable.set(id, order);
      moveVersion(versions, { kind: 'user-orders', userId: order.userId });
    },
  };
  const pendingOf = (userId: string, exceptId: string | null) =>
    [...orders.values()].find(
      (order) => order.userId === userId && order.status === 'pending' && order.id !== exceptId,
    );
  const update = (id: string, change: (order: Order) => Order) => {
    const current = orders.get(id);
    if (current) orders.set(id, change(current));
  };

  /** SalesQuery.search: the customer's username or email holds it, or it names the order. */
  const searchMatches = (order: Order, search: string | undefined): boolean => {
    if (search === undefined || search === '') return true;
    const user = users.get(order.userId);
    return (
      (user !== undefined && (containsText(user.username, search) || containsText(user.email, search))) ||
      order.number === orderNumberSearched(search)
    );
  };
  const salesOf = (query: SalesQuery) =>
    [...orders.values()]
      .filter(
        (order) =>
          (query.customerId === undefined || order.userId === query.customerId) &&
          (query.status === undefined || order.status === query.status) &&
          (query.from === undefined || order.createdAt.getTime() >= query.from.getTime()) &&
          (query.to === undefined || order.createdAt.getTime() < query.to.getTime()) &&
          searchMatches(order, query.search),
      )
      .sort(newestFirst)
      .map((order) => {
        const user = users.get(order.userId);
        return {
          order,
          customer: user ? { id: user.id, username: user.username, email: user.email } : null,
        };
      });
  return {
    async create(order, events) {
      if (order.status === 'pending') {
        const pending = pendingOf(order.userId, null);
        if (pending) {
          return err(
            domainError('PENDING_ORDER_EXISTS', 'You already have a pending order', {
              pendingOrderId: pending.id,
            }),
          );
        }
      }
      const number = (counters.get(ORDER_NUMBER_COUNTER) ?? 0) + 1;
      counters.set(ORDER_NUMBER_COUNTER, number);
      const stored: Order = { ...order, number };
      orders.set(stored.id, stored);
      writeOutbox({ outbox }, 'order', stored.id, events);
      return ok(stored);
    },

    async findById(id) {
      return orders.get(id) ?? null;
    },

    async findPendingByUser(userId) {
      return pendingOf(userId, null) ?? null;
    },

    async listByUser(userId, query, page) {
      const matching = [...orders.values()]
        .filter(
          (order) => order.userId === userId && (query.status === undefined || order.status === query.status),
        )
        .sort(newestFirst);
      return pageFrom(matching, page);
    },

    async countByUser(userId) {
      const counts = new Map<OrderStatus, UserStatusCount>();
      for (const order of orders.values()) {
        if (order.userId !== userId) continue;
        const seen = counts.get(order.status);
        counts.set(order.status, {
          status: order.status,
          count: (seen?.count ?? 0) + 1,
          lastCreatedAt: seen && seen.lastCreatedAt > order.createdAt ? seen.lastCreatedAt : order.createdAt,
        });
      }
      return [...counts.values()];
    },

    async listSales(query, page) {
      return pageFrom(salesOf(query), page);
    },

    async *streamSales(query) {
      yield* salesOf(query);
    },

    async claimTransfer(orderId, _slot, claim, events) {
      const order = orders.get(orderId);
      if (!order || !payable(order)) return false;
      orders.set(orderId, {
        ...order,
        payment: claim,
        transactionHash: claim.txId,
        updatedAt: claim.claimedAt,
      });
      writeOutbox({ outbox }, 'order', orderId, events);
      return true;
    },

    async claimRefund(orderId, refund, paid, events) {
      const order = orders.get(orderId);
      if (!order || !refundable(order, refund, paid)) return false;
      orders.set(orderId, {
        ...order,
        refunds: [...order.refunds, refund],
        refundClaimedSun: order.refundClaimedSun + refund.amountSun,
        updatedAt: refund.claimedAt,
      });
      writeOutbox({ outbox }, 'order', orderId, events);
      return true;
    },

    async markClaimRecorded(orderId, slot, txId) {
      update(orderId, (order) => {
        if (slot === 'refund') {
          return {
            ...order,
            refunds: order.refunds.map((refund) =>
              refund.txId === txId ? { ...refund, recorded: true } : refund,
            ),
          };
        }
        const claim = order.payment;
        return claim?.txId === txId ? { ...order, payment: { ...claim, recorded: true } } : order;
      });
    },

    async settleClaim(orderId, slot, txId, state, events) {
      const current = orders.get(orderId);
      if (!current) return;
      let next = current;
      if (slot === 'refund') next = settleRefund(current, txId, state);
      else if (current.payment?.txId === txId && current.payment.state !== state) {
        next = { ...current, payment: { ...current.payment, state } };
      }
      if (next === current) return;
      orders.set(orderId, next);
      writeOutbox({ outbox }, 'order', orderId, events);
    },

    async listUnrecordedClaims(limit) {
      return [...orders.values()]
        .filter(
          (order) => order.payment?.recorded === false || order.refunds.some((refund) => !refund.recorded),
        )
        .slice(0, limit);
    },

    async changeStatus(orderId, change) {
      const current = orders.get(orderId);
      if (!current) return err('ORDER_NOT_FOUND');
      const fromAllowed = change.from.includes(current.status);
      const txMatches = change.paymentTxId === undefined || current.payment?.txId === change.paymentTxId;
      const inFlight =
        current.payment?.state === 'pending' || current.refunds.some((refund) => refund.state === 'pending');
      if (
        !fromAllowed ||
        !txMatches ||
        (change.requireNoLivePayment && isLive(current.payment)) ||
        (change.requireNoTransferInFlight && inFlight)
      ) {
        return err('STATUS_MISMATCH');
      }
      if (change.to === 'pending' && current.status !== 'pending' && pendingOf(current.userId, orderId)) {
        return err('PENDING_ORDER_EXISTS');
      }
      const next: Order = {
        ...current,
        status: change.to,
        updatedAt: change.at,
        ...(change.beginEffect === 'purchase' ? { purchaseEffect: 'applying' as const } : {}),
        ...(change.beginEffect === 'refund' ? { refundEffect: 'applying' as const } : {}),
        ...(change.transactionHash === undefined ? {} : { transactionHash: change.transactionHash }),
        ...(change.paymentClaim === undefined
          ? {}
          : { payment: change.paymentClaim, transactionHash: change.paymentClaim.txId }),
      };
      orders.set(orderId, next);
      writeOutbox({ outbox }, 'order', orderId, change.events);
      return ok(next);
    },

    async recordStockMovement(orderId, kind, lineIndex, quantity) {
      update(orderId, (order) => {
        const field = kind === 'purchase' ? 'stockTaken' : 'stockRestored';
        if (order[field][lineIndex] !== null && order[field][lineIndex] !== undefined) return order;
        const moved = [...order[field]];
        moved[lineIndex] = quantity;
        return { ...order, [field]: moved };
      });
    },

    async finishEffect(orderId, kind) {
      update(orderId, (order) =>
        kind === 'purchase' ? { ...order, purchaseEffect: 'applied' } : { ...order, refundEffect: 'applied' },
      );
    },

    async count() {
      return orders.size;
    },
  };
};
