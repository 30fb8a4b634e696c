import { orderEvents } from '../../events/order-events.js';
import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import { type Sun, sunToTrx } from '../../money/sun.js';
import type { Order, OrderRefund } from '../../orders/order.js';
import { checkRefundable, type RefundableError } from '../../orders/order-refunds.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { TransactionRecord } from '../../transactions/transaction.js';
import { resolveMerchantWallet } from '../payments/merchant-wallet.js';
import { balanceErrorData, reserveOutgoing } from '../payments/outgoing-reservations.js';
import type { PaymentDeps } from '../payments/payment-deps.js';
import { recordOfClaim } from '../payments/recover-unrecorded-claims.js';
import { outgoingReservationKey } from '../payments/reservation-keys.js';
import { type SendTransferError, sendClaimedTransfer } from '../payments/send-claimed-transfer.js';

export interface RefundRequest {
  /** Omitted: the whole refundable remainder (the specified full refund). */
  readonly amountSun?: Sun;
  readonly reason?: string;
}

export interface SentRefund {
  readonly order: Order;
  readonly transaction: TransactionRecord;
}

/** What a lost refund claim answers: the order as it is now says why. */
type LostRefundClaimError = DomainError<'ORDER_NOT_FOUND' | 'REFUND_IN_PROGRESS'> | RefundableError;

export type RefundOrderError =
  | DomainError<
      'ORDER_NOT_FOUND' | 'NOTHING_TO_REFUND' | 'ADMIN_WALLET_NOT_CONFIGURED' | 'INSUFFICIENT_ADMIN_BALANCE'
    >
  | RefundableError
  | SendTransferError<LostRefundClaimError>;
export const REFUND_ORDER_ERRORS = codesOf<RefundOrderError>()([
  'ORDER_NOT_FOUND',
  'ORDER_ALREADY_REFUNDED',
  'ORDER_NOT_COMPLETED',
  'NOTHING_TO_REFUND',
  'REFUND_IN_PROGRESS',
  'REFUND_EXCEEDS_PAID',
  'ADMIN_WALLET_NOT_CONFIGURED',
  'INSUFFICIENT_ADMIN_BALANCE',
  'PAYMENT_FAILED',
]);

/**
 * A refund of part or all of what the order's confirmed payment brought (never more: an order
 * completed by override with nothing paid has nothing to refund) from the merchant wallet to the
 * order's wallet, checked in the specification's order. Several may be in flight at once; each
 * takes its amount from the order's remainder in the same guarded write that claims it, so
 * concurrent requests never give back more than was paid. The order's status changes only when
 * the listener sees the last of the payment given back.
 */
export const refundOrder = async (
  deps: PaymentDeps,
  orderId: string,
  requested: RefundRequest = {},
): Promise<Result<SentRefund, RefundOrderError>> => {
  const { orders, users } = deps.store;
  const order = await orders.findById(orderId);
  if (!order) return err(domainError('ORDER_NOT_FOUND', 'Order not found'));
  const amount = checkRefundable(order, requested.amountSun);
  if (!amount.ok) return amount;
  const payment = order.payment;
  if (!payment) return err(domainError('NOTHING_TO_REFUND', 'Nothing was paid on chain for this order'));

  const merchant = await resolveMerchantWallet(users, deps.configuredMerchantAddress);
  if (!merchant.ok || !merchant.value.encryptedPrivateKey || !merchant.value.ownerId) {
    return err(domainError('ADMIN_WALLET_NOT_CONFIGURED', 'Admin wallet not configured'));
  }
  const request = {
    fromAddress: merchant.value.address,
    toAddress: order.walletAddress,
    amountSun: amount.value,
  };
  // The refund's id exists before its txID: the wallet reservation below is named after it.
  const refundId = deps.ids.newId();
  const transfer = { kind: 'refund', orderId: order.id, refundId } as const;
  const balance = await reserveOutgoing(deps, transfer, request);
  if (!balance.reserved) {
    return err(
      domainError('INSUFFICIENT_ADMIN_BALANCE', 'Insufficient admin wallet balance', {
        adminBalance: sunToTrx(balance.availableSun),
        ...balanceErrorData(balance),
      }),
    );
  }

  const sent = await sendClaimedTransfer(deps, {
    request,
    privateKey: await deps.vault.open(merchant.value.encryptedPrivateKey, merchant.value.ownerId),
    claim: (claim) => {
      const refund: OrderRefund = { ...claim, id: refundId, reason: requested.reason ?? null };
      return orders.claimRefund(order.id, refund, { txId: payment.txId, amountSun: payment.amountSun }, [
        orderEvents(deps.ids, claim.claimedAt, deps.actor).refundSent(order, refund),
      ]);
    },
    lostClaim: async (): Promise<LostRefundClaimError> => {
      // Nothing was claimed, so nothing will settle this reservation: give the balance back now.
      await deps.store.walletReservations.release(request.fromAddress, outgoingReservationKey(transfer));
      const current = await orders.findById(order.id);
      if (!current) return domainError('ORDER_NOT_FOUND', 'Order not found');
      const again = checkRefundable(current, requested.amountSun);
      // Still refundable now: a concurrent refund failed and gave its amount back in between.
      return again.ok
        ? domainError('REFUND_IN_PROGRESS', 'Another refund of this order changed what is left; try again')
        : again.error;
    },
    record: (claim) =>
      recordOfClaim(
        claim,
        { id: refundId, userId: order.userId, orderId: order.id, type: 'refund' },
        deps.clock.now(),
      ),
    markRecorded: (claim) => orders.markClaimRecorded(order.id, 'refund', claim.txId),
  });
  if (!sent.ok) return sent;
  return ok({ order: (await orders.findById(order.id)) ?? order, transaction: sent.value.transaction });
};
