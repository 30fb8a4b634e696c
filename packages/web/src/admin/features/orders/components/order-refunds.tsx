import type { Order } from '@trx-shop/client';
import { Trx } from '../../../../shared/ui/money.js';
import { Time } from '../../../../shared/ui/time.js';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';

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
    )}
  </section>
);
