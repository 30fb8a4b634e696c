import type { Sale } from '@trx-shop/client';
import { Link } from 'wouter';
import { Trx } from '../../../../shared/ui/money.js';
import { Time } from '../../../../shared/ui/time.js';
import { itemCount } from '../utils/order-amounts.js';
import { OrderStatusBadge } from '../../../../shared/ui/order-status-badge.js';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';

export const SalesTable = ({ sales, busy }: { sales: readonly Sale[]; busy: boolean }) => (
  <TableScroll label="Order list">
    <table aria-label="Orders" aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Created</th>
          <th scope="col">Customer</th>
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
        {sales.map((sale) => (
          <tr key={sale._id}>
            <td>
              <Link href={`/orders/${sale._id}`}>{sale.orderId}</Link>
            </td>
            <td>
              <Time iso={sale.createdAt} />
            </td>
            <td>
              {sale.userId ? (
                <>
                  <Link href={`/customers/${sale.userId._id}`}>{sale.userId.username}</Link>
                  <br />
                  <span className="muted">{sale.userId.email}</span>
                </>
              ) : (
                <span className="muted">Customer not found</span>
              )}
            </td>
            <td>
              <OrderStatusBadge status={sale.status} />
            </td>
            <td className="number">{itemCount(sale.products)}</td>
            <td className="number">
              <Trx amount={sale.total} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </TableScroll>
);
