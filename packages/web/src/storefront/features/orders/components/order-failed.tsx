import type { Order } from '@trx-shop/client';
import { useLocation } from 'wouter';
import { clearCart, setCartQuantity } from '../../../../shared/cart/cart-store.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Loading } from '../../../../shared/ui/status.js';
import { useOrderFailure } from '../api/order-failure.js';
import { FAILURE_REASON_WORDS } from '../utils/failure-words.js';
import { cartLinesOfOrder } from '../utils/order-cart-lines.js';

/** Why the payment failed, as the API gives it: the failed transaction's reason. */
const FailureReason = ({ order }: { order: Order }) => {
  const failure = useOrderFailure(order);
  if (failure.isPending) return <Loading label="Looking up why the payment failed" />;
  if (failure.isError) return <ErrorNotice error={failure.error} title="Why it failed could not be loaded" />;
  const reason = failure.data?.failureReason ?? null;
  if (reason === null) return <p>The network did not complete the payment.</p>;
  return (
    <p data-testid="failure-reason">
      Why: {FAILURE_REASON_WORDS[reason]} (<code>{reason}</code>).
    </p>
  );
};

/**
 * A failed order is final (the API answers ORDER_NOT_PENDING to paying it again), so trying again
 * is a new order of the same lines: they replace the cart and checkout prices and pays it.
 */
export const OrderFailed = ({ order }: { order: Order }) => {
  const [, navigate] = useLocation();
  const tryAgain = () => {
    clearCart();
    for (const line of cartLinesOfOrder(order)) setCartQuantity(line.productId, line.quantity);
    navigate('/checkout');
  };
  return (
    <section aria-labelledby="order-failed" className="notice notice-error stack">
      <h2 id="order-failed">The payment failed</h2>
      <FailureReason order={order} />
      <p>
        This order cannot be paid any more. Try again to put the same items in your cart, replacing what is
        there, and pay a new order at checkout.
      </p>
      <div className="actions">
        <button type="button" className="primary" onClick={tryAgain}>
          Try again
        </button>
      </div>
    </section>
  );
};
