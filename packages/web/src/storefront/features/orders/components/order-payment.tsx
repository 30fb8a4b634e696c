import type { Order } from '@trx-shop/client';
import { CopyField } from '../../../../shared/ui/copy-field.js';

/** Where the order's payment stands, with its transaction id to look up on a block explorer. */
export const OrderPayment = ({ order }: { order: Order }) => {
  const { status, transactionHash } = order;
  const state =
    transactionHash === null
      ? status === 'pending'
        ? 'Not paid yet.'
        : 'No payment was made.'
      : status === 'pending'
        ? 'Sent from your wallet; waiting for the network to confirm it (about a minute). This page updates by itself.'
        : status === 'failed'
          ? 'The payment failed and moved no money.'
          : 'Confirmed on the TRON network.';
  return (
    <section aria-labelledby="order-payment" className="stack">
      <h2 id="order-payment">Payment</h2>
      <p role="status">{state}</p>
      {transactionHash !== null && <CopyField label="Transaction id (txid)" value={transactionHash} />}
    </section>
  );
};
