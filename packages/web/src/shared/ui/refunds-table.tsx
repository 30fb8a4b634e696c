import type { Order } from '@trx-shop/client';
import { Trx } from './money.js';
import { TableScroll } from './table-scroll.js';
import { Time } from './time.js';

type Refund = Order['refunds'][number];

/** An order's refunds, one row each, every amount as the API gives it; each app words the statuses. */
export const RefundsTable = ({
  refunds,
  statusWords,
}: {
  refunds: readonly Refund[];
  statusWords: Readonly<Record<Refund['status'], string>>;
}) => (
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
        {refunds.map((refund) => (
          <tr key={refund.txHash}>
            <td>
              <Time iso={refund.createdAt} />
            </td>
            <td className="number">
              <Trx amount={refund.amount} />
            </td>
            <td>
              <span className={`refund-status refund-status-${refund.status}`}>
                {statusWords[refund.status]}
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
);
