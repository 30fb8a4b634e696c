import type { components } from '@trx-shop/client';
import { ORDER_STATUS_WORDS, ORDER_STATUSES } from '../../../../shared/format/order-status.js';
import { Trx } from '../../../../shared/ui/money.js';
import { Time } from '../../../../shared/ui/time.js';

type Customer = components['schemas']['Customer'];

/** What the customer spent (completed less refunded) and their orders counted by status. */
export const CustomerSpending = ({
  customer,
  orders,
}: {
  customer: Customer;
  orders: components['schemas']['GetCustomerResponse']['orders'];
}) => (
  <section aria-labelledby="customer-spending">
    <h2 id="customer-spending">Spending</h2>
    <dl className="facts card">
      <div>
        <dt>Total spent</dt>
        <dd>
          <Trx amount={customer.totalSpent} />
        </dd>
      </div>
      <div>
        <dt>Orders</dt>
        <dd>{orders.total}</dd>
        <dd className="muted">
          {ORDER_STATUSES.map(
            (status) => `${orders.byStatus[status]} ${ORDER_STATUS_WORDS[status].toLowerCase()}`,
          ).join(', ')}
        </dd>
      </div>
      <div>
        <dt>Last order</dt>
        <dd>
          {orders.lastOrderAt ? (
            <Time iso={orders.lastOrderAt} />
          ) : (
            <span className="muted">No orders yet</span>
          )}
        </dd>
      </div>
    </dl>
  </section>
);
