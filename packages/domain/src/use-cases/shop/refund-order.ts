import { type DomainError, domainError } from '../../errors/domain-error.js';
import { sunToTrx } from '../../money/sun.js';
import type { Order } from '../../orders/order.js';
import { checkRefundable } from '../../orders/order-status.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { TransactionRecord } from '../../transactions/transaction.js';
import { resolveMerchantWallet } from '../payments/merchant-wallet.js';
import type { PaymentDeps } from '../payments/payment-deps.js';
import { recordOfClaim } from '../payments/recover-unrecorded-claims.js';
import { sendClaimedTransfer } from '../payments/send-claimed-transfer.js';
import { balanceErrorData, reserveOutgoing } from '../payments/outgoing-reservations.js';

export interface SentRefund {
  readonly order: Order;
  readonly transaction: TransactionRecord;
}

/** What arrived on chain for the order: its confirmed payment, or nothing. */
const paidSun = (order: Order): number =>
  order.payment?.state === 'confirmed' ? order.payment.amountSun : 0;

/** The specification's refund preconditions, then the amendment: nothing paid, nothing refunded. */
const checkOrderRefundable = (order: Order): Result<void, DomainError> => {
  const refundable = checkRefundable(order.status, order.refund?.state ?? 'none');
  if (!refundable.ok) return refundable;
  if (paidSun(order) === 0) {
    return err(
      domainError('NOTHING_TO_REFUND', 'Nothing was paid on chain for this order', { refundable: 0 }),
    );
  }
  return ok(undefined);
};

/**
 * A full refund of what the order's confirmed payment brought (never more: an order completed by
 * override with nothing paid has nothing to refund) from the merchant wallet to the order's
 * wallet, checked in the specification's order. The order's status changes only when the
 * listener sees it confirmed.
 */
export const refundOrder = async (
  deps: PaymentDeps,
  orderId: string,
): Promise<Result<SentRefund, DomainError>> => {
  const { orders, users } = deps.store;
  const order = await orders.findById(orderId);
  if (!order) return err(domainError('ORDER_NOT_FOUND', 'Order not found'));
  const refundable = checkOrderRefundable(order);
  if (!refundable.ok) return refundable;

  const merchant = await resolveMerchantWallet(users, deps.configuredMerchantAddress);
  if (!merchant.ok || !merchant.value.encryptedPrivateKey || !merchant.value.ownerId) {
    return err(domainError('ADMIN_WALLET_NOT_CONFIGURED', 'Admin wallet not configured'));
  }
  const request = {
    fromAddress: merchant.value.address,
    toAddress: order.walletAddress,
    amountSun: paidSun(order),
  };
  const balance = await reserveOutgoing(deps, { kind: 'refund', orderId: order.id }, request);
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
    claim: (claim) => orders.claimTransfer(order.id, 'refund', claim),
    lostClaim: async () => {
      const current = await orders.findById(order.id);
      const again = current
        ? checkOrderRefundable(current)
        : err(domainError('ORDER_NOT_FOUND', 'Order not found'));
      return again.ok
        ? domainError('REFUND_IN_PROGRESS', 'A refund for this order is awaiting confirmation')
        : again.error;
    },
    record: (claim) =>
      recordOfClaim(
        claim,
        { id: deps.ids.newId(), userId: order.userId, orderId: order.id, type: 'refund' },
        deps.clock.now(),
      ),
    markRecorded: (claim) => orders.markClaimRecorded(order.id, 'refund', claim.txId),
  });
  if (!sent.ok) return sent;
  return ok({ order: (await orders.findById(order.id)) ?? order, transaction: sent.value.transaction });
};
