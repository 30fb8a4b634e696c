import type { Order } from '@trx-shop/client';
import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Field } from '../../../../shared/ui/field.js';
import { useVerifyPayment } from '../api/order-actions.js';
import { checkTxid } from '../utils/action-input.js';

/** A payment made outside the service, checked on the solidified chain by the API (pending or failed orders). */
export const VerifyPaymentForm = ({ order }: { order: Order }) => {
  const verify = useVerifyPayment(order._id);
  const [txid, setTxid] = useState('');
  const [txidError, setTxidError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkTxid(txid);
    setTxidError(checked.ok ? undefined : checked.error);
    if (checked.ok) verify.mutate(checked.value, { onSuccess: () => setTxid('') });
  };

  return (
    <>
      {(order.status === 'pending' || order.status === 'failed') && (
        <form className="card stack" aria-labelledby="verify-title" onSubmit={submit} noValidate>
          <h3 id="verify-title">Verify a payment</h3>
          <p className="muted">
            The customer paid {order.orderId} from elsewhere (an exchange, another wallet): give the
            transfer's txid and the API checks it on chain.
          </p>
          <Field
            label="Transaction id (txid)"
            autoComplete="off"
            spellCheck={false}
            error={txidError}
            value={txid}
            onChange={(event) => setTxid(event.target.value)}
          />
          <button type="submit" disabled={verify.isPending}>
            {verify.isPending ? 'Verifying…' : 'Verify payment'}
          </button>
        </form>
      )}
      {verify.isSuccess && (
        <p role="status" className="notice notice-ok">
          {verify.data.message}.
        </p>
      )}
      {verify.isError && <ErrorNotice error={verify.error} title="The payment was not verified" />}
    </>
  );
};
