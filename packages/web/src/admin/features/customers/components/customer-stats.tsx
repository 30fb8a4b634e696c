import type { components } from '@trx-shop/client';
import { Trx } from '../../../../shared/ui/money.js';

type CustomerStats = components['schemas']['ListCustomersResponse']['stats'];

/**
 * The API's customer figures. Only the count follows the search; the amount spent and both trends
 * are of every customer, so with a search the labels say so and the sign-up trend is left out.
 */
export const CustomerStatsCards = ({ stats, searched }: { stats: CustomerStats; searched: boolean }) => (
  <dl className="facts card customer-stats" aria-label="Customer figures">
    <div>
      <dt>{searched ? 'Customers matching the search' : 'Customers'}</dt>
      <dd className="figure">{stats.total.toLocaleString('en-US')}</dd>
      {!searched && <dd className="muted">Sign-ups {stats.totalChange} on the previous 30 days</dd>}
    </div>
    <div>
      <dt>Total spent by every customer</dt>
      <dd className="figure">
        <Trx amount={stats.totalVolume} />
      </dd>
      <dd className="muted">Spending {stats.volumeChange} on the previous 30 days</dd>
    </div>
  </dl>
);
