import type { Order } from '@trx-shop/client';
import { Trx } from '../../../../shared/ui/money.js';
import { RefundsTable } from '../../../../shared/ui/refunds-table.js';

const REFUND_STATUS_WORDS = { pending: 'Pending', confirmed: 'Confirmed', failed: 'Failed' } as const;

/** Every refund of the order, oldest first, with what was given back and what is left. */
export const OrderRefunds = ({ order }: { order: Order }) => (
  <section aria-labelledby="order-refunds">
    <h2 id="order-refunds">Refunds</h2>
    <p>
      Refunded <Trx amount={order.refundedAmount} />; left to refund <Trx amount={order.refundableAmount} />.
    </p>
    {order.refunds.length === 0 ? (
      <p className="muted">No refunds.</p>
    ) : (
      <RefundsTable refunds={order.refunds} statusWords={REFUND_STATUS_WORDS} />
    )}
  </section>
);
