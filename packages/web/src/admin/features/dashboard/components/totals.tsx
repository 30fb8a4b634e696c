import type { DashboardStats } from '@trx-shop/client';
import { type ReactNode, useId } from 'react';
import { Trx } from '../../../../shared/ui/money.js';
import { Trend } from './trend.js';

const Stat = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  return (
    <article aria-labelledby={id} className="card stat">
      <h3 id={id}>{title}</h3>
      {children}
    </article>
  );
};

const count = (value: number) => value.toLocaleString('en-US');

/** The last 30 days against the 30 before, then the shop's all-time figures. */
export const Totals = ({ stats }: { stats: DashboardStats['stats'] }) => {
  const { totals, trends, last30Days, statusCounts } = stats;
  return (
    <>
      <section aria-labelledby="last-30-days">
        <h2 id="last-30-days">Last 30 days</h2>
        <div className="grid stats">
          <Stat title="Revenue">
            <p className="figure">
              <Trx amount={last30Days.totalRevenue} />
            </p>
            <Trend trend={trends.revenueChange} />
          </Stat>
          <Stat title="Orders">
            <p className="figure">{count(last30Days.totalOrders)}</p>
            <Trend trend={trends.ordersChange} />
          </Stat>
          <Stat title="Network fees">
            <p className="figure">
              <Trx amount={last30Days.networkFees} />
            </p>
            <Trend trend={trends.feesChange} />
          </Stat>
          <Stat title="Customers">
            <p className="figure">{count(totals.totalUsers)}</p>
            <p className="muted">{count(totals.activeUsers)} active</p>
            <Trend trend={trends.usersChange} label="Sign-ups" />
          </Stat>
        </div>
      </section>
      <section aria-labelledby="all-time">
        <h2 id="all-time">All time</h2>
        <div className="grid stats">
          <Stat title="Total revenue">
            <p className="figure">
              <Trx amount={totals.totalRevenue} />
            </p>
          </Stat>
          <Stat title="Net revenue">
            <p className="figure">
              <Trx amount={totals.netRevenue} />
            </p>
            <p className="muted">
              after <Trx amount={totals.refunded} /> refunded
            </p>
          </Stat>
          <Stat title="Total orders">
            <p className="figure">{count(totals.totalOrders)}</p>
            <p className="muted">
              {count(statusCounts.completed)} completed, {count(statusCounts.pending)} pending,{' '}
              {count(statusCounts.refunded)} refunded, {count(statusCounts.failed)} failed,{' '}
              {count(statusCounts.cancelled)} cancelled
            </p>
          </Stat>
        </div>
      </section>
    </>
  );
};
