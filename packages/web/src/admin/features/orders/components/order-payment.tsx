import { Time } from '../../../../shared/ui/time.js';
import type { PaymentState } from '../utils/order-payment.js';

const TxHash = ({ hash }: { hash: string | undefined }) =>
  hash ? <code className="hash">{hash}</code> : <span className="muted">not known</span>;

/** The order's payment: its txid, where it stands, and when it was confirmed. */
export const OrderPayment = ({ payment }: { payment: PaymentState }) => (
  <section aria-labelledby="order-payment">
    <h2 id="order-payment">Payment</h2>
    {payment.status === 'none' ? (
      <p className="muted">No payment yet.</p>
    ) : (
      <dl className="facts card">
        <div>
          <dt>Transaction id (txid)</dt>
          <dd>
            <TxHash hash={payment.txHash} />
          </dd>
        </div>
        <div>
          <dt>Payment status</dt>
          <dd>
            {payment.status === 'set-by-hand'
              ? 'Set by hand with a status override (not checked on chain)'
              : payment.status === 'confirmed'
                ? 'Confirmed'
                : payment.status === 'pending'
                  ? 'Pending confirmation'
                  : 'Failed'}
          </dd>
        </div>
        {payment.status === 'confirmed' && (
          <div>
            <dt>Confirmed at</dt>
            <dd>
              <Time iso={payment.confirmedAt} />
            </dd>
          </div>
        )}
        {(payment.status === 'pending' || payment.status === 'failed') && (
          <div>
            <dt>{payment.status === 'pending' ? 'Sent at' : 'Failed at'}</dt>
            <dd>
              <Time iso={payment.at} />
            </dd>
          </div>
        )}
      </dl>
    )}
  </section>
);
