import type { Order } from '@trx-shop/client';
import { isShopApiError } from '@trx-shop/client';
import { useRef } from 'react';
import { formatTrx } from '../../format/money.js';
import { ErrorNotice } from '../../ui/error-notice.js';
import { Trx } from '../../ui/money.js';
import { Loading } from '../../ui/status.js';
import { useFeeEstimate } from '../api/fee-estimate.js';
import { usePayOrder } from '../api/pay-order.js';
import { TopUp } from './top-up.js';

/** What the API told about a refused payment, in the shopper's words. */
const payErrorTitle = (error: unknown): string => {
  if (!isShopApiError(error)) return 'The payment could not be sent';
  if (error.code === 'INSUFFICIENT_BALANCE') return 'Your wallet cannot cover this payment';
  if (error.code === 'INSUFFICIENT_STOCK') return 'Some of the order is no longer in stock';
  if (error.code === 'PAYMENT_IN_PROGRESS') return 'A payment for this order is already on its way';
  return 'The payment could not be sent';
};

/**
 * Paying a pending order from the custodial wallet: the chain fee the API estimates, the deposit
 * address and the exact shortfall when the wallet is short, and one Pay button that sends once.
 */
export const PayPanel = ({ order }: { order: Order }) => {
  const estimate = useFeeEstimate(order.total);
  const pay = usePayOrder(order._id);
  // The button is disabled from the render after the click; this holds a second click of the same tick.
  const sending = useRef(false);

  const send = () => {
    if (sending.current) return;
    sending.current = true;
    pay.mutate(undefined, {
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  const short = estimate.data !== undefined && estimate.data.shortfall > 0;
  return (
    <section aria-labelledby="pay-order" className="stack">
      <h2 id="pay-order">Payment</h2>
      {estimate.isPending ? (
        <Loading label="Estimating the network fee" />
      ) : estimate.isError ? (
        <ErrorNotice error={estimate.error} title="The network fee could not be estimated" />
      ) : (
        <dl className="facts">
          <dt>Network fee the payment burns (estimate)</dt>
          <dd>
            <Trx amount={estimate.data.estimatedFee} />
          </dd>
          <dt>Your wallet can spend</dt>
          <dd>
            <Trx amount={estimate.data.spendable} />
          </dd>
        </dl>
      )}
      {short && <TopUp address={estimate.data.from} missing={estimate.data.shortfall} />}
      {pay.isError && <ErrorNotice error={pay.error} title={payErrorTitle(pay.error)} />}
      <div className="actions">
        <button type="button" className="primary" onClick={send} disabled={pay.isPending || short}>
          {pay.isPending ? 'Sending the payment…' : `Pay ${formatTrx(order.total)}`}
        </button>
      </div>
    </section>
  );
};
