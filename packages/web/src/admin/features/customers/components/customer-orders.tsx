import { Link } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Trx } from '../../../../shared/ui/money.js';
import { OrderStatusBadge } from '../../../../shared/ui/order-status-badge.js';
import { Pager } from '../../../../shared/ui/pager.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';
import { Time } from '../../../../shared/ui/time.js';
import { useCustomerOrders } from '../api/customer.js';

/** The customer's orders, newest first, paged by the API; each links to its order page. */
export const CustomerOrders = ({
  customerId,
  page,
  onPage,
}: {
  customerId: string;
  page: number;
  onPage: (page: number) => void;
}) => {
  const orders = useCustomerOrders(customerId, page);
  return (
    <section aria-labelledby="customer-orders" className="stack">
      <h2 id="customer-orders">Orders</h2>
      {orders.isPending ? (
        <Loading label="Loading their orders" />
      ) : orders.isError ? (
        <ErrorNotice error={orders.error} title="Their orders could not be loaded" />
      ) : orders.data.sales.length === 0 ? (
        <Empty>
          {orders.data.pagination.total > 0 ? `Page ${page} is past the last page.` : 'No orders yet.'}
        </Empty>
      ) : (
        <TableScroll label="Their order list">
          <table aria-label="Their orders" aria-busy={orders.isPlaceholderData}>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Created</th>
                <th scope="col">Status</th>
                <th scope="col" className="number">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.data.sales.map((sale) => (
                <tr key={sale._id}>
                  <td>
                    <Link href={`/orders/${sale._id}`}>{sale.orderId}</Link>
                  </td>
                  <td>
                    <Time iso={sale.createdAt} />
                  </td>
                  <td>
                    <OrderStatusBadge status={sale.status} />
                  </td>
                  <td className="number">
                    <Trx amount={sale.total} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {orders.data && orders.data.pagination.pages > 1 && (
        <Pager page={page} pages={orders.data.pagination.pages} onPage={onPage} />
      )}
    </section>
  );
};
