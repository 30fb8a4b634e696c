import { Link } from 'wouter';
import { useShopperEvents } from '../../../../shared/api/shopper-events.js';
import { useOrder } from '../../../../shared/payment/api/order.js';
import { OrderLines } from '../../../../shared/payment/components/order-lines.js';
import { PayPanel } from '../../../../shared/payment/components/pay-panel.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { OrderStatusBadge } from '../../../../shared/ui/order-status-badge.js';
import { Loading } from '../../../../shared/ui/status.js';
import { Time } from '../../../../shared/ui/time.js';
import { CancelOrder } from '../components/cancel-order.js';
import { OrderFailed } from '../components/order-failed.js';
import { OrderPayment } from '../components/order-payment.js';
import { OrderRefunds } from '../components/order-refunds.js';

/**
 * One of the shopper's orders: status, lines, payment and refunds, kept current by the shopper's
 * room; a failed one says why and offers to order the same again.
 */
const OrderPage = ({ id }: { id: string }) => {
  useShopperEvents();
  const order = useOrder(id);
  const back = (
    <p>
      <Link href="/orders">← Your orders</Link>
    </p>
  );
  if (order.isPending) return <Loading label="Loading the order" />;
  if (order.isError) {
    return (
      <section className="stack">
        {back}
        <h1>Order</h1>
        <ErrorNotice error={order.error} title="The order could not be loaded" />
      </section>
    );
  }
  const { data } = order;
  // A pending order with a transaction hash has a payment on its way: paying or cancelling would be refused.
  const payable = data.status === 'pending' && data.transactionHash === null;
  return (
    <section className="stack">
      {back}
      <h1>Order {data.orderId}</h1>
      <p className="order-heading" aria-live="polite">
        <OrderStatusBadge status={data.status} /> <span className="muted">placed</span>{' '}
        <Time iso={data.createdAt} />
      </p>
      <OrderLines order={data} />
      <OrderPayment order={data} />
      {data.status === 'failed' && <OrderFailed order={data} />}
      {payable && <PayPanel order={data} />}
      <OrderRefunds order={data} />
      {payable && <CancelOrder id={data._id} orderNumber={data.orderId} />}
    </section>
  );
};

export default OrderPage;
