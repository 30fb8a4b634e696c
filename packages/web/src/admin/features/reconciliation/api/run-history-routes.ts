import type { components, FetchResult } from '@trx-shop/client';
import { call, shop } from '../../../../shared/api/shop.js';
import type { ReconciliationReport } from '../utils/discrepancy-kinds.js';

/** A past run as the history lists it: its report without the discrepancy rows. */
export type ReconciliationRunSummary = Omit<ReconciliationReport, 'discrepancies'>;

export interface ReconciliationRunsAnswer {
  readonly success: true;
  readonly runs: ReconciliationRunSummary[];
  readonly pagination: components['schemas']['Pagination'];
}

export interface ReconciliationRunAnswer {
  readonly success: true;
  readonly report: ReconciliationReport;
}

type UntypedGet = (
  path: string,
  init: { params: { path?: Record<string, string>; query?: Record<string, number> } },
) => Promise<FetchResult>;

/**
 * listReconciliationRuns and getReconciliationRun are being added to the API alongside this page:
 * until the OpenAPI document has them, they are called through the same client with these local types.
 */
const get = shop.GET as unknown as UntypedGet;

export const fetchRuns = async (page: number, limit: number): Promise<ReconciliationRunsAnswer> =>
  (await call(() =>
    get('/api/admin/reconciliation/runs', { params: { query: { page, limit } } }),
  )) as ReconciliationRunsAnswer;

export const fetchRun = async (id: string): Promise<ReconciliationRunAnswer> =>
  (await call(() =>
    get('/api/admin/reconciliation/runs/{id}', { params: { path: { id } } }),
  )) as ReconciliationRunAnswer;
