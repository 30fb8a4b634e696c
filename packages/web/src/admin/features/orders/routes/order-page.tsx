import { Link } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Loading } from '../../../../shared/ui/status.js';
import { useOrder, useOrderHistory } from '../api/order.js';
import { OrderActions } from '../components/order-actions.js';
import { OrderLines } from '../components/order-lines.js';
import { OrderOverview } from '../components/order-overview.js';
import { OrderPayment } from '../components/order-payment.js';
import { OrderRefunds } from '../components/order-refunds.js';
import { OrderTimeline } from '../components/order-timeline.js';
import { paymentOf } from '../utils/order-payment.js';
import { useLiveOrders } from '../api/live-orders.js';

/** One order: lines, payment, refunds, history and the admin's actions. */
const OrderPage = ({ id }: { id: string }) => {
  const order = useOrder(id);
  useLiveOrders();
  const history = useOrderHistory(id);

  const back = (
    <p>
      <Link href="/orders">← All orders</Link>
    </p>
  );
  if (order.isPending) return <Loading label="Loading the order" />;
  if (order.isError) {
    return (
      <section>
        {back}
        <h1>Order</h1>
        <ErrorNotice error={order.error} title="The order could not be loaded" />
      </section>
    );
  }
  return (
    <section className="stack">
      {back}
      <h1>Order {order.data.orderId}</h1>
      <OrderOverview order={order.data} />
      <OrderLines order={order.data} />
      {history.isSuccess ? (
        <OrderPayment payment={paymentOf(order.data.transactionHash, history.data)} />
      ) : (
        <section aria-labelledby="order-payment">
          <h2 id="order-payment">Payment</h2>
          {history.isPending ? (
            <Loading label="Loading the payment" />
          ) : (
            <p className="muted">The payment's status comes from the history, which could not be loaded.</p>
          )}
        </section>
      )}
      <OrderRefunds order={order.data} />
      <OrderActions order={order.data} />
      <section aria-labelledby="order-history">
        <h2 id="order-history">History</h2>
        {history.isPending ? (
          <Loading label="Loading the history" />
        ) : history.isError ? (
          <ErrorNotice error={history.error} title="The history could not be loaded" />
        ) : (
          <OrderTimeline history={history.data} />
        )}
      </section>
    </section>
  );
};

export default OrderPage;
