import { recordEvents } from '../../events/record-events.js';
import { orderEvents } from '../../events/order-events.js';
import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import type { ErrorCode } from '../../errors/error-codes.js';
import { sunToTrx } from '../../money/sun.js';
import type { Order, TransferClaim } from '../../orders/order.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { TransactionRecord } from '../../transactions/transaction.js';
import { depositLine } from '../../transactions/deposit-line.js';
import { applyTransferEffect } from './apply-transfer-effect.js';
import { type MerchantWalletError, resolveMerchantWallet } from './merchant-wallet.js';
import type { PaymentDeps } from './payment-deps.js';

export interface VerifyPaymentRequest {
  readonly orderId: string;
  readonly txHash: string;
}

type VerifyDeps = Pick<
  PaymentDeps,
  'store' | 'chain' | 'clock' | 'ids' | 'configuredMerchantAddress' | 'actor'
>;

const refusal = <C extends ErrorCode>(code: C, message: string): Result<never, DomainError<C>> =>
  err(domainError(code, message));

export type VerifyPaymentError =
  | DomainError<
      | 'ORDER_NOT_FOUND'
      | 'ORDER_NOT_PENDING'
      | 'PAYMENT_IN_PROGRESS'
      | 'TX_NOT_FOUND'
      | 'TX_NOT_SOLIDIFIED'
      | 'TX_FAILED'
      | 'TX_WRONG_RECIPIENT'
      | 'TX_AMOUNT_TOO_LOW'
      | 'TX_ALREADY_LINKED'
    >
  | MerchantWalletError;
export const VERIFY_PAYMENT_ERRORS = codesOf<VerifyPaymentError>()([
  'ORDER_NOT_FOUND',
  'ORDER_NOT_PENDING',
  'PAYMENT_IN_PROGRESS',
  'TX_NOT_FOUND',
  'TX_NOT_SOLIDIFIED',
  'TX_FAILED',
  'TX_WRONG_RECIPIENT',
  'TX_AMOUNT_TOO_LOW',
  'TX_ALREADY_LINKED',
  'MERCHANT_NOT_CONFIGURED',
]);

/** What the chain says about the transfer, checked against the order: the transfer itself, or why not. */
const checkedTransfer = async (deps: VerifyDeps, order: Order, txHash: string, merchantAddress: string) => {
  const found = await deps.chain.findTransaction(txHash);
  if (found.kind === 'unknown')
    return refusal('TX_NOT_FOUND', 'The node knows no transaction with this txID');
  if (found.kind === 'not-solid') {
    return refusal(
      'TX_NOT_SOLIDIFIED',
      'The transaction is not on the solidified chain yet; try again in a minute',
    );
  }
  const { transfer } = found;
  if (transfer === null) return refusal('TX_NOT_FOUND', 'This transaction is not a TRX transfer');
  if (!transfer.succeeded) return refusal('TX_FAILED', 'The transfer failed on chain: it moved no TRX');
  if (transfer.toAddress !== merchantAddress) {
    return refusal('TX_WRONG_RECIPIENT', 'The transfer did not go to the merchant wallet');
  }
  if (transfer.amountSun < order.totalSun) {
    return refusal(
      'TX_AMOUNT_TOO_LOW',
      `The transfer carried ${sunToTrx(transfer.amountSun)} TRX; the order total is ${sunToTrx(order.totalSun)} TRX`,
    );
  }
  return ok({ ...transfer, blockNumber: found.blockNumber, blockTime: found.blockTime });
};

type CheckedTransfer = Extract<Awaited<ReturnType<typeof checkedTransfer>>, { ok: true }>['value'];

/** The merchant's line of the transfer, as the deposit scanner records it (or finds it recorded). */
const receivedLine = async (
  deps: VerifyDeps,
  transfer: CheckedTransfer,
  merchantOwnerId: string | null,
  order: Order,
): Promise<TransactionRecord | null> => {
  const { transactions } = deps.store;
  const existing = await transactions.findReceived(transfer.txId, transfer.toAddress);
  if (existing) return existing;
  const line = depositLine({
    id: deps.ids.newId(),
    // A configured merchant address has no owner: the line is the customer's from the start.
    userId: merchantOwnerId ?? order.userId,
    transfer,
    block: { number: transfer.blockNumber, time: transfer.blockTime },
    now: deps.clock.now(),
  });
  // The scanner finds it recorded and says nothing, so this insert announces it.
  await transactions.insert(line, [recordEvents(deps.ids, deps.clock.now()).depositReceived(line)]);
  // Inserted here or by a scanner a moment earlier: either way it is there now.
  return transactions.findReceived(transfer.txId, transfer.toAddress);
};

const alreadyLinked = () =>
  refusal('TX_ALREADY_LINKED', 'This transfer is already linked to an order (or was sent by the service)');

/**
 * Links a transfer made outside the service (a customer who paid the merchant address from an
 * exchange) to a pending or failed order, after checking it on the solidified chain (docs/api.md,
 * "Verifying a payment"). Each step is one guarded write, so it is safe to run twice and two
 * admins never link one transfer twice:
 * 1. the merchant's line of the transfer exists (the scanner's deposit, or recorded here as one);
 * 2. the line is bound to this order: the first binding wins, so one transfer pays one order;
 * 3. the order completes with the transfer as its confirmed payment claim (only while no payment
 *    of it is live and nothing is in flight); if that loses, the binding is undone;
 * 4. the line becomes the order's purchase, and the same exactly-once effect as a confirmed
 *    payment takes the stock and tells the customer (the listener finishes it after a crash).
 * Running it again after a crash between steps finishes the job.
 */
export const verifyPayment = async (
  deps: VerifyDeps,
  request: VerifyPaymentRequest,
): Promise<Result<Order, VerifyPaymentError>> => {
  const { orders, transactions } = deps.store;
  const order = await orders.findById(request.orderId);
  if (!order) return refusal('ORDER_NOT_FOUND', 'Order not found');
  const txHash = request.txHash.toLowerCase();
  const resumed = order.status === 'completed' && order.payment?.txId === txHash;
  if (!resumed && order.status !== 'pending' && order.status !== 'failed') {
    return refusal('ORDER_NOT_PENDING', 'Only a pending or failed order can be marked paid');
  }
  if (!resumed && order.payment?.state === 'pending') {
    return refusal('PAYMENT_IN_PROGRESS', 'A payment for this order is in flight; wait for it to settle');
  }
  const merchant = await resolveMerchantWallet(deps.store.users, deps.configuredMerchantAddress);
  if (!merchant.ok) return merchant;
  const checked = await checkedTransfer(deps, order, txHash, merchant.value.address);
  if (!checked.ok) return checked;
  const transfer = checked.value;
  // A transfer the service itself sent (a custodial wallet paying the merchant) is some order's.
  if (await transactions.findByHash(transfer.txId)) return alreadyLinked();

  const line = await receivedLine(deps, transfer, merchant.value.ownerId, order);
  if (!line) return alreadyLinked();
  const at = deps.clock.now();
  const boundHere = line.orderId === order.id;
  if (!boundHere && !(await transactions.linkReceived(line.id, { kind: 'bind', orderId: order.id }, at))) {
    return alreadyLinked();
  }

  if (!resumed) {
    const events = orderEvents(deps.ids, at, deps.actor);
    const claim: TransferClaim = {
      txId: transfer.txId,
      signedTransaction: '',
      fromAddress: transfer.fromAddress,
      toAddress: transfer.toAddress,
      amountSun: transfer.amountSun,
      expiresAt: transfer.blockTime,
      claimedAt: at,
      state: 'confirmed',
      recorded: true,
    };
    const completed = await orders.changeStatus(order.id, {
      from: ['pending', 'failed'],
      to: 'completed',
      requireNoLivePayment: true,
      requireNoTransferInFlight: true,
      beginEffect: 'purchase',
      paymentClaim: claim,
      events: [events.paymentConfirmed(order, claim), events.completed(order, claim)],
      at,
    });
    if (!completed.ok) {
      const current = await orders.findById(order.id);
      if (!(current?.status === 'completed' && current.payment?.txId === transfer.txId)) {
        await transactions.linkReceived(line.id, { kind: 'unbind', orderId: order.id }, at);
        return refusal('ORDER_NOT_PENDING', 'The order changed meanwhile; it is no longer pending or failed');
      }
    }
  }

  await transactions.linkReceived(line.id, { kind: 'purchase', orderId: order.id, userId: order.userId }, at);
  const purchase = await transactions.findById(line.id);
  if (purchase?.type === 'purchase' && purchase.orderId === order.id && !purchase.effectApplied) {
    await applyTransferEffect(deps, purchase);
  }
  const final = await orders.findById(order.id);
  return final ? ok(final) : refusal('ORDER_NOT_FOUND', 'Order not found');
};
