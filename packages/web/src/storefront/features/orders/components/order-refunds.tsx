import type { Order } from '@trx-shop/client';
import { Trx } from '../../../../shared/ui/money.js';
import { RefundsTable } from '../../../../shared/ui/refunds-table.js';

const REFUND_STATUS_WORDS = { pending: 'On its way', confirmed: 'Confirmed', failed: 'Failed' } as const;

/** The money the shop sent back for this order, refund by refund; nothing when there is none. */
export const OrderRefunds = ({ order }: { order: Order }) => {
  if (order.refunds.length === 0) return null;
  return (
    <section aria-labelledby="order-refunds">
      <h2 id="order-refunds">Refunds</h2>
      <p>
        Refunded to your wallet: <Trx amount={order.refundedAmount} />.
      </p>
      <RefundsTable refunds={order.refunds} statusWords={REFUND_STATUS_WORDS} />
    </section>
  );
};
