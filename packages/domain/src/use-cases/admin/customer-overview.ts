import type { Sun } from '../../money/sun.js';
import type { CustomerRow, UserStore } from '../../ports/user-store.port.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import { trendWindows } from '../../stats/time-windows.js';
import { trendString } from '../../stats/trend.js';

export interface CustomerOverview {
  readonly customers: Page<CustomerRow>;
  readonly stats: {
    readonly total: number;
    readonly totalVolumeSun: Sun;
    readonly totalChange: string;
    readonly volumeChange: string;
  };
}

/** The admin customer list with its stats and the two trend strings (docs/decisions.md section 10). */
export const customerOverview = async (
  deps: { readonly users: UserStore },
  query: { readonly search?: string },
  page: PageRequest,
  now: Date,
): Promise<CustomerOverview> => {
  const windows = trendWindows(now);
  const [customers, figures] = await Promise.all([
    deps.users.listCustomers(query, page),
    deps.users.customerStats({ current: windows.current, previous: windows.previous }),
  ]);
  return {
    customers,
    stats: {
      // The customers the search matches: the page's own count, not a second one.
      total: customers.total,
      totalVolumeSun: figures.totalVolumeSun,
      totalChange: trendString(figures.customersCreated.current, figures.customersCreated.previous),
      volumeChange: trendString(figures.volumeSun.current, figures.volumeSun.previous),
    },
  };
};
