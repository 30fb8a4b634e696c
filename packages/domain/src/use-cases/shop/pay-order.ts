import { orderEvents } from '../../events/order-events.js';
import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import { sunToTrx } from '../../money/sun.js';
import type { Order } from '../../orders/order.js';
import { checkPayable, type PayableError } from '../../orders/order-status.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { TransactionRecord } from '../../transactions/transaction.js';
import { checkEmailVerified, type EmailNotVerifiedError } from '../payments/email-verified-rule.js';
import type { PaymentDeps } from '../payments/payment-deps.js';
import { recordOfClaim } from '../payments/recover-unrecorded-claims.js';
import { type SendTransferError, sendClaimedTransfer } from '../payments/send-claimed-transfer.js';
import { balanceErrorData, reserveOutgoing } from '../payments/outgoing-reservations.js';
import {
  releaseOrderStockIfDone,
  reserveOrderStock,
  type StockReservationError,
} from '../payments/stock-reservations.js';

export interface PaidOrder {
  readonly order: Order;
  readonly transaction: TransactionRecord;
}

export type PayOrderError =
  | DomainError<'ORDER_NOT_FOUND' | 'NOT_ORDER_OWNER' | 'NO_WALLET' | 'INSUFFICIENT_BALANCE'>
  | EmailNotVerifiedError
  | PayableError
  | StockReservationError
  | SendTransferError<PayableError>;
export const PAY_ORDER_ERRORS = codesOf<PayOrderError>()([
  'ORDER_NOT_FOUND',
  'NOT_ORDER_OWNER',
  'EMAIL_NOT_VERIFIED',
  'ORDER_NOT_PENDING',
  'PAYMENT_IN_PROGRESS',
  'NO_WALLET',
  'INSUFFICIENT_STOCK',
  'INSUFFICIENT_BALANCE',
  'PAYMENT_FAILED',
]);

/**
 * Pays a pending order from the owner's custodial wallet to the order's merchant address:
 * owner (403), pending (400), a confirmed address when the shop requires one (403), no live payment (409), the order's stock reserved (400
 * INSUFFICIENT_STOCK), |total| + fee reserved on the wallet against its confirmed balance (400
 * INSUFFICIENT_BALANCE), then the exactly-once transfer.
 */
export const payOrder = async (
  deps: PaymentDeps,
  userId: string,
  orderId: string,
): Promise<Result<PaidOrder, PayOrderError>> => {
  const { orders, users } = deps.store;
  const order = await orders.findById(orderId);
  if (!order) return err(domainError('ORDER_NOT_FOUND', 'Order not found'));
  if (order.userId !== userId) return err(domainError('NOT_ORDER_OWNER', 'You can only pay your own orders'));
  const payable = checkPayable(order.status, order.payment?.state ?? 'none');
  if (!payable.ok) return payable;

  const user = await users.findById(userId);
  if (user) {
    const verified = checkEmailVerified(deps, user);
    if (!verified.ok) return verified;
  }
  if (!user?.wallet.address || !user.wallet.encryptedPrivateKey) {
    return err(domainError('NO_WALLET', 'User has no wallet'));
  }
  const request = {
    fromAddress: user.wallet.address,
    toAddress: order.merchantAddress,
    amountSun: order.totalSun,
  };
  // Both reservations are keyed by the order, so concurrent attempts share them; one the claim
  // never used is freed by the settlement run's sweep (RESERVATION_GRACE_MS).
  const stock = await reserveOrderStock(deps, order);
  if (!stock.ok) return stock;
  const balance = await reserveOutgoing(deps, { kind: 'payment', orderId: order.id }, request);
  if (!balance.reserved) {
    await releaseOrderStockIfDone(deps, order.id);
    return err(
      domainError('INSUFFICIENT_BALANCE', 'Insufficient wallet balance', {
        userBalance: sunToTrx(balance.availableSun),
        ...balanceErrorData(balance),
      }),
    );
  }

  const sent = await sendClaimedTransfer(deps, {
    request,
    privateKey: await deps.vault.open(user.wallet.encryptedPrivateKey, user.id),
    claim: (claim) =>
      orders.claimTransfer(order.id, 'payment', claim, [
        orderEvents(deps.ids, claim.claimedAt).paymentSent(order, claim),
      ]),
    lostClaim: async () => {
      const current = await orders.findById(order.id);
      const again = checkPayable(current?.status ?? 'cancelled', current?.payment?.state ?? 'none');
      return again.ok
        ? domainError('PAYMENT_IN_PROGRESS', 'A payment for this order is pending or confirmed')
        : again.error;
    },
    record: (claim) =>
      recordOfClaim(
        claim,
        { id: deps.ids.newId(), userId, orderId: order.id, type: 'purchase' },
        deps.clock.now(),
      ),
    markRecorded: (claim) => orders.markClaimRecorded(order.id, 'payment', claim.txId),
  });
  if (!sent.ok) return sent;
  const current = await orders.findById(order.id);
  return ok({ order: current ?? order, transaction: sent.value.transaction });
};
