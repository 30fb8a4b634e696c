import type { components } from '@trx-shop/client';
import { Trx } from '../../../../shared/ui/money.js';

type CustomerStats = components['schemas']['ListCustomersResponse']['stats'];

/** The figures of the customers the search selects, with their change on the previous 30 days. */
export const CustomerStatsCards = ({ stats }: { stats: CustomerStats }) => (
  <dl className="facts card customer-stats" aria-label="Customer figures">
    <div>
      <dt>Customers</dt>
      <dd className="figure">{stats.total.toLocaleString('en-US')}</dd>
      <dd className="muted">{stats.totalChange} on the previous 30 days</dd>
    </div>
    <div>
      <dt>Total spent</dt>
      <dd className="figure">
        <Trx amount={stats.totalVolume} />
      </dd>
      <dd className="muted">{stats.volumeChange} on the previous 30 days</dd>
    </div>
  </dl>
);
