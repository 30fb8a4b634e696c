import type { Order } from '@trx-shop/client';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Field } from '../../../../shared/ui/field.js';
import { SelectField } from '../../../../shared/ui/select-field.js';
import { type StatusOverrideInput, useOverrideOrderStatus } from '../api/order-actions.js';
import { ORDER_STATUS_WORDS } from '../../../../shared/format/order-status.js';
import { isOverrideStatus, OVERRIDE_STATUSES } from '../utils/order-status.js';

/** Sets the status by hand; the confirmation says plainly that no money moves. */
export const StatusOverrideForm = ({ order }: { order: Order }) => {
  const override = useOverrideOrderStatus(order._id);
  const [status, setStatus] = useState('');
  const [transactionHash, setTransactionHash] = useState('');
  const [statusError, setStatusError] = useState<string>();
  const [confirming, setConfirming] = useState<StatusOverrideInput | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isOverrideStatus(status)) {
      setStatusError('Choose the new status');
      return;
    }
    setStatusError(undefined);
    override.reset();
    setConfirming({ status, transactionHash: transactionHash.trim() || undefined });
  };

  const send = () => {
    if (!confirming) return;
    override.mutate(confirming, {
      onSuccess: () => {
        setStatus('');
        setTransactionHash('');
      },
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <>
      <form className="card stack" aria-labelledby="override-title" onSubmit={submit} noValidate>
        <h3 id="override-title">Change the status</h3>
        <SelectField
          label="New status"
          required
          error={statusError}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
        >
          <option value="">Choose a status</option>
          {OVERRIDE_STATUSES.filter((target) => target !== order.status).map((target) => (
            <option key={target} value={target}>
              {ORDER_STATUS_WORDS[target]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Transaction hash (optional)"
          maxLength={128}
          autoComplete="off"
          value={transactionHash}
          onChange={(event) => setTransactionHash(event.target.value)}
        />
        <button type="submit">Change status…</button>
      </form>
      {override.isSuccess && (
        <p role="status" className="notice notice-ok">
          {override.data.message}: now {ORDER_STATUS_WORDS[override.data.order.status].toLowerCase()}.
        </p>
      )}
      {override.isError && <ErrorNotice error={override.error} title="The status was not changed" />}
      <ConfirmDialog
        open={confirming !== null}
        title="Change the status by hand?"
        confirmLabel={confirming ? `Set to ${confirming.status}` : 'Set'}
        busy={override.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(null)}
      >
        {confirming && (
          <>
            <p>
              Set {order.orderId} from {order.status} to {confirming.status}. This changes the order without
              moving any money.
            </p>
            {confirming.transactionHash && (
              <p>
                Transaction hash: <code className="hash">{confirming.transactionHash}</code>
              </p>
            )}
          </>
        )}
      </ConfirmDialog>
    </>
  );
};
