import { lazy, Suspense, useState } from 'react';
import { Trx } from '../../../../shared/ui/money.js';
import { Loading } from '../../../../shared/ui/status.js';
import { canDraw } from './can-draw.js';
import { type ChartDay, summariseChart } from './chart-summary.js';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';

// uPlot and its stylesheet load with the chart, not with the shell or the page's first paint.
const RevenueCanvas = lazy(() => import('./revenue-canvas.js'));

/** A chart day (`YYYY-MM-DD`, a UTC day) as the viewer reads dates. */
const UtcDay = ({ date }: { date: string }) => (
  <time dateTime={date}>
    {new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' })}
  </time>
);

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Revenue and orders per day drawn by uPlot, captioned with the range and its totals, and the same
 * rows as a table for keyboard and screen-reader users.
 */
export const RevenueChart = ({ days }: { days: readonly ChartDay[] }) => {
  const summary = summariseChart(days);
  const [drawable] = useState(canDraw);
  if (!summary) return <p className="muted">No days to chart yet.</p>;
  return (
    <figure className="chart">
      <figcaption>
        Revenue and orders per day (UTC), {summary.days} days from <UtcDay date={summary.from} /> to{' '}
        <UtcDay date={summary.to} />: <Trx amount={summary.total} /> from {count(summary.orders)}{' '}
        {summary.orders === 1 ? 'order' : 'orders'} in all
        {summary.best ? (
          <>
            , the most <Trx amount={summary.best.revenue} /> on <UtcDay date={summary.best.date} />.
          </>
        ) : (
          ', no revenue on any day.'
        )}
      </figcaption>
      {drawable ? (
        <Suspense fallback={<Loading label="Drawing the chart" />}>
          <RevenueCanvas days={days} />
        </Suspense>
      ) : (
        <p className="muted">This browser cannot draw the chart; the table below has the same figures.</p>
      )}
      <details>
        <summary>Show as table</summary>
        <TableScroll label="Daily revenue and orders">
          <table aria-label="Revenue and orders per day (UTC)">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className="number">
                  Revenue
                </th>
                <th scope="col" className="number">
                  Orders
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <td>
                    <UtcDay date={day.date} />
                  </td>
                  <td className="number">
                    <Trx amount={day.revenue} />
                  </td>
                  <td className="number">{count(day.orders)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
};
