import { isShopApiError } from '@trx-shop/client';
import { Link } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';

/** Why the order was refused, beside the button, with the way forward the API's code points to. */
export const PlaceOrderError = ({ error }: { error: unknown }) => {
  if (isShopApiError(error) && error.code === 'PENDING_ORDER_EXISTS') {
    const pending = error.body.pendingOrderId;
    return (
      <div role="alert" className="notice notice-warn">
        <strong>You already have an order waiting for payment</strong>
        <p>
          <code>{error.code}</code> {error.body.error}. The shop holds one unpaid order per shopper: pay that
          order or cancel it on its page, then place this one.
        </p>
        {pending && (
          <p>
            <Link href={`/orders/${pending}`}>Open the pending order (pay or cancel it)</Link>
          </p>
        )}
      </div>
    );
  }
  if (isShopApiError(error) && (error.code === 'INSUFFICIENT_STOCK' || error.code === 'PRODUCT_NOT_FOUND')) {
    return (
      <div role="alert" className="notice notice-error">
        <strong>Your cart holds more than the shop can sell</strong>
        <p>
          <code>{error.code}</code> {error.body.error}.
        </p>
        <p>
          <Link href="/cart">Change the quantities in your cart</Link>
        </p>
      </div>
    );
  }
  return <ErrorNotice error={error} title="The order could not be placed" />;
};
