import type { Order } from '@trx-shop/client';
import { Link } from 'wouter';
import { Time } from '../../../../shared/ui/time.js';
import { OrderStatusBadge } from '../../../../shared/ui/order-status-badge.js';

/** Who ordered, when, and the wallets the money moves between. */
export const OrderOverview = ({ order }: { order: Order }) => (
  <dl className="facts card">
    <div>
      <dt>Status</dt>
      <dd>
        <OrderStatusBadge status={order.status} />
      </dd>
    </div>
    <div>
      <dt>Customer</dt>
      <dd>
        <Link href={`/customers/${order.userId}`}>View the customer</Link>
      </dd>
    </div>
    <div>
      <dt>Created</dt>
      <dd>
        <Time iso={order.createdAt} />
      </dd>
    </div>
    <div>
      <dt>Updated</dt>
      <dd>
        <Time iso={order.updatedAt} />
      </dd>
    </div>
    <div>
      <dt>Customer wallet</dt>
      <dd>
        <code className="hash">{order.walletAddress}</code>
      </dd>
    </div>
    <div>
      <dt>Merchant wallet</dt>
      <dd>
        <code className="hash">{order.merchantAddress}</code>
      </dd>
    </div>
  </dl>
);
