import { useRef } from 'react';
import { Redirect, useSearchParams } from 'wouter';
import { useShopperEvents } from '../../../../shared/api/shopper-events.js';
import { clearCart } from '../../../../shared/cart/cart-store.js';
import { useCart } from '../../../../shared/cart/use-cart.js';
import { useOrder } from '../../../../shared/payment/api/order.js';
import { OrderLines } from '../../../../shared/payment/components/order-lines.js';
import { PayPanel } from '../../../../shared/payment/components/pay-panel.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Loading } from '../../../../shared/ui/status.js';
import { useCreateOrder } from '../api/create-order.js';
import { PlaceOrder } from '../components/place-order.js';

const ORDER_PARAM = 'order';

/** The placed order, priced by the API, and its payment. */
const PayStep = ({ id }: { id: string }) => {
  const order = useOrder(id);
  if (order.isPending) return <Loading label="Loading your order" />;
  if (order.isError) return <ErrorNotice error={order.error} title="Your order could not be loaded" />;
  return (
    <>
      <p>
        Order <strong>{order.data.orderId}</strong> is placed; pay it to complete it.
      </p>
      <OrderLines order={order.data} />
      {/* Once paid (the pay call refreshes the order), the order page follows the confirmation. */}
      {order.data.status === 'pending' && order.data.transactionHash === null ? (
        <PayPanel order={order.data} />
      ) : (
        <Redirect to={`/orders/${id}`} replace />
      )}
    </>
  );
};

/**
 * Checkout in one flow: "Place order" turns the cart into an order the API prices (its id kept
 * in the address, so a reload keeps the step), then "Pay" sends the total from the wallet.
 */
const CheckoutPage = () => {
  useShopperEvents();
  const { lines, units } = useCart();
  const [search, setSearch] = useSearchParams();
  const create = useCreateOrder();
  const placing = useRef(false);
  const orderId = search.get(ORDER_PARAM);

  const place = () => {
    if (placing.current) return;
    placing.current = true;
    create.mutate(lines, {
      onSuccess: ({ order }) => {
        clearCart();
        setSearch({ [ORDER_PARAM]: order._id }, { replace: true });
      },
      onSettled: () => {
        placing.current = false;
      },
    });
  };

  return (
    <section className="stack checkout">
      <h1>Checkout</h1>
      {orderId ? (
        <PayStep id={orderId} />
      ) : (
        <PlaceOrder
          lines={lines}
          units={units}
          placing={create.isPending}
          error={create.isError ? create.error : null}
          onPlace={place}
        />
      )}
    </section>
  );
};

export default CheckoutPage;
