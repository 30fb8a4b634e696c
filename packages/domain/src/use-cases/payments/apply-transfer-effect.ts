import { recordEvents } from '../../events/record-events.js';
import { transferOfLine } from '../../events/event-parts.js';
import { orderEvents } from '../../events/order-events.js';
import type { Order } from '../../orders/order.js';
import { isFullyRefunded, paidSun } from '../../orders/order-refunds.js';
import type { EffectKind } from '../../ports/order-store.port.js';
import type { TransactionRecord } from '../../transactions/transaction.js';
import { releaseOutgoingIfDone } from './outgoing-reservations.js';
import type { PaymentDeps } from './payment-deps.js';
import { type OutgoingTransfer, stockReservationKey } from './reservation-keys.js';
import { releaseOrderStockIfDone } from './stock-reservations.js';

type EffectDeps = Pick<PaymentDeps, 'store' | 'clock' | 'ids'>;

/**
 * Moves stock line by line, each move at most once: the product remembers the effect key until
 * the order has recorded what moved, so a crash anywhere in between neither loses nor repeats one.
 */
const moveStock = async (deps: EffectDeps, order: Order, kind: EffectKind): Promise<void> => {
  const { products, orders } = deps.store;
  for (const [index, line] of order.lines.entries()) {
    const recorded = kind === 'purchase' ? order.stockTaken[index] : order.stockRestored[index];
    if (recorded !== null && recorded !== undefined) continue;
    // A refund gives back exactly what this order's purchase took (nothing after an override).
    const quantity = kind === 'purchase' ? line.quantity : (order.stockTaken[index] ?? 0);
    const effectKey = `${order.id}:${kind}:${index}`;
    const moved =
      quantity === 0
        ? 0
        : await products.applyStockChange(
            {
              productId: line.productId,
              effectKey,
              kind: kind === 'purchase' ? 'take' : 'restore',
              quantity,
              // The payment's reservation becomes the stock reduction in the same write.
              ...(kind === 'purchase' ? { reservationKey: stockReservationKey(order.id, index) } : {}),
            },
            deps.clock.now(),
          );
    await orders.recordStockMovement(order.id, kind, index, moved);
    if (quantity > 0) await products.forgetStockChange(line.productId, effectKey);
  }
  await orders.finishEffect(order.id, kind);
};

/** Purchase confirmed: the order completes only if still pending; then stock and the event. */
const applyPurchase = async (deps: EffectDeps, tx: TransactionRecord, orderId: string): Promise<void> => {
  const { orders } = deps.store;
  const events = orderEvents(deps.ids, deps.clock.now());
  const ref = { id: orderId, userId: tx.userId };
  await orders.settleClaim(orderId, 'payment', tx.transactionHash, 'confirmed', [
    events.paymentConfirmed(ref, transferOfLine(tx)),
  ]);
  const changed = await orders.changeStatus(orderId, {
    from: ['pending'],
    to: 'completed',
    paymentTxId: tx.transactionHash,
    beginEffect: 'purchase',
    events: [events.completed(ref, { txId: tx.transactionHash, amountSun: tx.amountSun })],
    at: deps.clock.now(),
  });
  const order = changed.ok ? changed.value : await orders.findById(orderId);
  // 'applying' is set only by the guarded change above, so it means this payment completed it.
  if (order?.purchaseEffect !== 'applying' || order.payment?.txId !== tx.transactionHash) {
    // The order left pending another way (an override): its reservation has nothing to become.
    await releaseOrderStockIfDone(deps, orderId);
    return;
  }
  await moveStock(deps, order, 'purchase');
};

/**
 * Refund confirmed. A partial refund leaves the order completed and tells the customer the refund
 * arrived; the refund that completes giving back the payment makes the order refunded (unless it
 * already is) and brings the stock back.
 */
const applyRefund = async (deps: EffectDeps, tx: TransactionRecord, orderId: string): Promise<void> => {
  const { orders } = deps.store;
  const events = orderEvents(deps.ids, deps.clock.now());
  const ref = { id: orderId, userId: tx.userId };
  // Whether this refund leaves part of the payment with the merchant, as the event tells it (the
  // settlement below writes the event only if it moves this refund, once).
  const before = await orders.findById(orderId);
  const partial = before !== null && before.refundedSun + tx.amountSun < paidSun(before);
  await orders.settleClaim(orderId, 'refund', tx.transactionHash, 'confirmed', [
    events.refundConfirmed(ref, transferOfLine(tx), partial),
  ]);
  const settled = await orders.findById(orderId);
  if (!settled) return;
  if (!isFullyRefunded(settled)) return;
  const changed = await orders.changeStatus(orderId, {
    from: ['pending', 'completed', 'failed', 'cancelled'],
    to: 'refunded',
    beginEffect: 'refund',
    events: [events.refunded({ ...ref, refundedSun: settled.refundedSun }, tx.transactionHash)],
    at: deps.clock.now(),
  });
  const order = changed.ok ? changed.value : await orders.findById(orderId);
  if (order?.refundEffect !== 'applying') return;
  await moveStock(deps, order, 'refund');
};

/**
 * The TRX a confirmed transfer burned (bandwidth beyond the free allowance, the new-account fee),
 * read from its transaction info on chain, as a ledger line of the wallet that paid it: a refund's
 * fee is the merchant's, though the refund line belongs to the customer. Idempotent on the txID.
 */
const recordFee = async (deps: EffectDeps, tx: TransactionRecord): Promise<void> => {
  if (tx.feeSun === null || tx.feeSun <= 0) return;
  const payer =
    tx.type === 'refund' ? (await deps.store.users.walletHolders([tx.fromAddress]))[0]?.userId : tx.userId;
  if (payer === undefined) return;
  const at = deps.clock.now();
  const line: TransactionRecord = {
    id: deps.ids.newId(),
    userId: payer,
    orderId: tx.orderId,
    type: 'fee',
    amountSun: tx.feeSun,
    currency: 'TRX',
    network: 'TRC-20',
    transactionHash: tx.transactionHash,
    fromAddress: tx.fromAddress,
    // Burned: no wallet receives a fee.
    toAddress: '',
    status: 'confirmed',
    confirmations: tx.confirmations,
    blockNumber: tx.blockNumber,
    feeSun: null,
    failureReason: null,
    signedTransaction: '',
    expiresAt: tx.expiresAt,
    effectApplied: true,
    createdAt: at,
    updatedAt: at,
  };
  await deps.store.transactions.insert(line, [recordEvents(deps.ids, at).feeRecorded(line)]);
};

/** The transfer a settled transaction stood for, as its wallet reservation names it. */
const outgoingTransferOfTransaction = (tx: TransactionRecord): OutgoingTransfer | null => {
  if (tx.type === 'withdrawal') return { kind: 'withdrawal', withdrawalId: tx.id };
  if (!tx.orderId) return null;
  if (tx.type === 'purchase') return { kind: 'payment', orderId: tx.orderId };
  // A refund's record id is its refund's id (refund-order.ts).
  if (tx.type === 'refund') return { kind: 'refund', orderId: tx.orderId, refundId: tx.id };
  return null;
};

/** Failure: a pending purchase's order fails; a refund or withdrawal claim is released. */
const applyFailure = async (deps: EffectDeps, tx: TransactionRecord): Promise<void> => {
  const { orders, withdrawals } = deps.store;
  const events = orderEvents(deps.ids, deps.clock.now());
  const reason = tx.failureReason ?? '';
  if (tx.type === 'purchase' && tx.orderId) {
    await orders.settleClaim(tx.orderId, 'payment', tx.transactionHash, 'failed', [
      events.paymentFailed({ id: tx.orderId, userId: tx.userId }, transferOfLine(tx), reason),
    ]);
    await orders.changeStatus(tx.orderId, {
      from: ['pending'],
      to: 'failed',
      paymentTxId: tx.transactionHash,
      at: deps.clock.now(),
    });
    await releaseOrderStockIfDone(deps, tx.orderId);
  } else if (tx.type === 'refund' && tx.orderId) {
    await orders.settleClaim(tx.orderId, 'refund', tx.transactionHash, 'failed', [
      events.refundFailed({ id: tx.orderId, userId: tx.userId }, transferOfLine(tx), reason),
    ]);
  } else if (tx.type === 'withdrawal') {
    await withdrawals.settle(tx.id, 'failed', [
      recordEvents(deps.ids, deps.clock.now()).withdrawalSettled(tx, 'failed'),
    ]);
  }
};

/**
 * Applies a settled transaction's effect; every step is guarded, so running it again after a
 * crash, or from a second listener, changes nothing twice. Marks the effect applied at the end.
 */
export const applyTransferEffect = async (deps: EffectDeps, tx: TransactionRecord): Promise<void> => {
  if (tx.status === 'confirmed') {
    await recordFee(deps, tx);
    if (tx.type === 'purchase' && tx.orderId) await applyPurchase(deps, tx, tx.orderId);
    else if (tx.type === 'refund' && tx.orderId) await applyRefund(deps, tx, tx.orderId);
    else if (tx.type === 'withdrawal') {
      await deps.store.withdrawals.settle(tx.id, 'confirmed', [
        recordEvents(deps.ids, deps.clock.now()).withdrawalSettled(tx, 'confirmed'),
      ]);
    }
  } else if (tx.status === 'failed') {
    await applyFailure(deps, tx);
  } else {
    return;
  }
  // Settled either way: the wallet no longer needs the amount held (a newer attempt of the same
  // order that reused the reservation keeps it, since its claim is still in flight).
  const transfer = outgoingTransferOfTransaction(tx);
  if (transfer) await releaseOutgoingIfDone(deps, tx.fromAddress, transfer);
  await deps.store.transactions.markEffectApplied(tx.id, deps.clock.now());
};
