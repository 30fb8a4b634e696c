import type { Order } from '@trx-shop/client';
import { type FormEvent, useState } from 'react';
import { formatTrx } from '../../../../shared/format/money.js';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Field } from '../../../../shared/ui/field.js';
import { type RefundInput, useRefundOrder } from '../api/order-actions.js';
import { checkRefundAmount } from '../utils/action-input.js';

/** Exactly what confirming sends: the typed amount, or everything left. */
const refundSentence = (order: Order, input: RefundInput): string =>
  `Refund ${input.amount === undefined ? `everything left (${formatTrx(order.refundableAmount)})` : `${input.amount} TRX`} of ${order.orderId} to ${order.walletAddress}, the wallet that paid.`;

/** A whole or partial refund with its reason, sent only after a confirmation naming it. */
export const RefundForm = ({ order }: { order: Order }) => {
  const refund = useRefundOrder(order._id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const [reasonError, setReasonError] = useState<string>();
  const [confirming, setConfirming] = useState<RefundInput | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRefundAmount(amount);
    setAmountError(checked.ok ? undefined : checked.error);
    setReasonError(reason.trim() ? undefined : 'Say why the money goes back');
    if (!checked.ok || !reason.trim()) return;
    refund.reset();
    setConfirming({ amount: checked.value, reason: reason.trim() });
  };

  const send = () => {
    if (!confirming) return;
    refund.mutate(confirming, {
      onSuccess: () => {
        setAmount('');
        setReason('');
      },
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <>
      {order.refundableAmount <= 0 ? (
        <p className="muted">Nothing is left to refund (refunded: {formatTrx(order.refundedAmount)}).</p>
      ) : (
        <form className="card stack" aria-labelledby="refund-title" onSubmit={submit} noValidate>
          <h3 id="refund-title">Refund</h3>
          <Field
            label="Amount (TRX)"
            inputMode="decimal"
            autoComplete="off"
            hint={`Leave empty to refund everything left: ${formatTrx(order.refundableAmount)}`}
            error={amountError}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          <Field
            label="Reason"
            required
            maxLength={500}
            error={reasonError}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <button type="submit" className="danger">
            Refund…
          </button>
        </form>
      )}
      {refund.isSuccess && (
        <p role="status" className="notice notice-ok">
          {refund.data.message}: {formatTrx(refund.data.transaction.amount)}, txid{' '}
          <code className="hash">{refund.data.transaction.hash}</code>
        </p>
      )}
      {refund.isError && <ErrorNotice error={refund.error} title="The refund was not sent" />}
      <ConfirmDialog
        open={confirming !== null}
        title="Send this refund?"
        confirmLabel="Send refund"
        busy={refund.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(null)}
      >
        {confirming && (
          <>
            <p>{refundSentence(order, confirming)}</p>
            <p>Reason: {confirming.reason}</p>
          </>
        )}
      </ConfirmDialog>
    </>
  );
};
