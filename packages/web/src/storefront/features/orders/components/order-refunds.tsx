import type { Order } from '@trx-shop/client';
import { Trx } from '../../../../shared/ui/money.js';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';
import { Time } from '../../../../shared/ui/time.js';

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
      <TableScroll label="Refund list">
        <table aria-label="Refunds">
          <thead>
            <tr>
              <th scope="col">Sent</th>
              <th scope="col" className="number">
                Amount
              </th>
              <th scope="col">Status</th>
              <th scope="col">Reason</th>
              <th scope="col">Transaction id (txid)</th>
            </tr>
          </thead>
          <tbody>
            {order.refunds.map((refund) => (
              <tr key={refund.txHash}>
                <td>
                  <Time iso={refund.createdAt} />
                </td>
                <td className="number">
                  <Trx amount={refund.amount} />
                </td>
                <td>
                  <span className={`refund-status refund-status-${refund.status}`}>
                    {REFUND_STATUS_WORDS[refund.status]}
                  </span>
                </td>
                <td>{refund.reason ?? <span className="muted">none given</span>}</td>
                <td>
                  <code className="hash">{refund.txHash}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
};
