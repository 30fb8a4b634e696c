import { Link, useSearchParams } from 'wouter';
import { useShopperEvents } from '../../../../shared/api/shopper-events.js';
import { pageOf } from '../../../../shared/format/page-param.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Pager } from '../../../../shared/ui/pager.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { useMyOrders } from '../api/my-orders.js';
import { OrdersTable } from '../components/orders-table.js';

/** The shopper's order history, newest first, paged by the API; the page lives in the URL. */
const OrdersPage = () => {
  // A payment, failure or refund frame reads the list again, so a status changes without a reload.
  useShopperEvents();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const orders = useMyOrders(page);
  const show = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  return (
    <section className="stack">
      <h1>Your orders</h1>
      {orders.isPending ? (
        <Loading label="Loading your orders" />
      ) : orders.isError ? (
        <ErrorNotice error={orders.error} title="Your orders could not be loaded" />
      ) : orders.data.orders.length === 0 ? (
        orders.data.pagination.total > 0 ? (
          <Empty>Page {page} is past the last page.</Empty>
        ) : (
          <Empty>
            You have not ordered anything yet. <Link href="/">Browse the shop</Link>
          </Empty>
        )
      ) : (
        <OrdersTable orders={orders.data.orders} busy={orders.isPlaceholderData} />
      )}
      {orders.data && orders.data.pagination.total > 0 && (
        <>
          <p className="muted">
            {orders.data.pagination.total} {orders.data.pagination.total === 1 ? 'order' : 'orders'}
          </p>
          <Pager page={page} pages={orders.data.pagination.pages} onPage={show} />
        </>
      )}
    </section>
  );
};

export default OrdersPage;
