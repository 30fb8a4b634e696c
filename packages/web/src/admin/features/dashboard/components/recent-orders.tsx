import type { Sale } from '@trx-shop/client';
import { Link } from 'wouter';
import { Trx } from '../../../../shared/ui/money.js';
import { OrderStatusBadge } from '../../../../shared/ui/order-status-badge.js';
import { Empty } from '../../../../shared/ui/status.js';
import { Time } from '../../../../shared/ui/time.js';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';

/** The newest sales, each linking to its order page. */
export const RecentOrders = ({ sales }: { sales: readonly Sale[] }) => {
  if (sales.length === 0) return <Empty>No orders yet.</Empty>;
  return (
    <TableScroll label="Newest orders">
      <table>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Customer</th>
            <th scope="col">Status</th>
            <th scope="col" className="number">
              Total
            </th>
            <th scope="col">Placed</th>
          </tr>
        </thead>
        <tbody>
          {sales.map((sale) => (
            <tr key={sale._id}>
              <td>
                <Link href={`/orders/${sale._id}`}>{sale.orderId}</Link>
              </td>
              <td>{sale.userId ? sale.userId.username : <span className="muted">No account</span>}</td>
              <td>
                <OrderStatusBadge status={sale.status} />
              </td>
              <td className="number">
                <Trx amount={sale.total} />
              </td>
              <td>
                <Time iso={sale.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
};
