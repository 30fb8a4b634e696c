import type { Order } from '@trx-shop/client';
import { Link } from 'wouter';
import { Trx } from '../../../../shared/ui/money.js';
import { OrderStatusBadge } from '../../../../shared/ui/order-status-badge.js';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';
import { Time } from '../../../../shared/ui/time.js';

const itemCount = (order: Order): number => order.products.reduce((sum, line) => sum + line.quantity, 0);

/** The shopper's orders: number (to the order), date, status, how many items, total. */
export const OrdersTable = ({ orders, busy }: { orders: readonly Order[]; busy: boolean }) => (
  <TableScroll label="Order history">
    <table aria-label="Your orders" aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Placed</th>
          <th scope="col">Status</th>
          <th scope="col" className="number">
            Items
          </th>
          <th scope="col" className="number">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order._id}>
            <td>
              <Link href={`/orders/${order._id}`}>{order.orderId}</Link>
            </td>
            <td>
              <Time iso={order.createdAt} />
            </td>
            <td>
              <OrderStatusBadge status={order.status} />
            </td>
            <td className="number">{itemCount(order)}</td>
            <td className="number">
              <Trx amount={order.total} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </TableScroll>
);
