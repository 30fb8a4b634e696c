import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Loading } from '../../../../shared/ui/status.js';
import { useAdminFeed } from '../api/admin-feed.js';
import { useDashboardStats } from '../api/stats.js';
import { LiveActivity } from '../components/live-activity.js';
import { NeedsAttention } from '../components/needs-attention.js';
import { RecentOrders } from '../components/recent-orders.js';
import { RevenueChart } from '../components/revenue-chart.js';
import { Totals } from '../components/totals.js';

/** The shop at a glance: totals and trends, 180 days of revenue and orders, the newest orders and what is wrong. */
const DashboardPage = () => {
  const stats = useDashboardStats();
  const activity = useAdminFeed();
  return (
    <section className="dashboard">
      <h1>Dashboard</h1>
      {stats.isPending && <Loading label="Loading the figures" />}
      {stats.isError && <ErrorNotice error={stats.error} title="The figures could not be loaded" />}
      {stats.data && <Totals stats={stats.data.stats} />}
      <div className="dashboard-columns">
        <section aria-labelledby="attention">
          <h2 id="attention">Needs attention</h2>
          <NeedsAttention />
        </section>
        <section aria-labelledby="live-activity">
          <h2 id="live-activity">Live activity</h2>
          <LiveActivity activity={activity} />
        </section>
      </div>
      {stats.data && (
        <>
          <section aria-labelledby="revenue-chart">
            <h2 id="revenue-chart">Revenue and orders per day</h2>
            <RevenueChart days={stats.data.chartData} />
          </section>
          <section aria-labelledby="recent-orders">
            <h2 id="recent-orders">Recent orders</h2>
            <RecentOrders sales={stats.data.recentSales} />
          </section>
        </>
      )}
    </section>
  );
};

export default DashboardPage;
