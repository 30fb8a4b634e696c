import type { Order } from '@trx-shop/client';
import { RefundForm } from './refund-form.js';
import { StatusOverrideForm } from './status-override-form.js';
import { VerifyPaymentForm } from './verify-payment-form.js';

/** What an admin can do to the order; each form stays mounted so its outcome outlives the change it made. */
export const OrderActions = ({ order }: { order: Order }) => (
  <section aria-labelledby="order-actions" className="order-actions">
    <h2 id="order-actions">Actions</h2>
    <div className="action-grid">
      <div className="stack">
        <RefundForm order={order} />
      </div>
      <div className="stack">
        <VerifyPaymentForm order={order} />
      </div>
      <div className="stack">
        <StatusOverrideForm order={order} />
      </div>
    </div>
  </section>
);
