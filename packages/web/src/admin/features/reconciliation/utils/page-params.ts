import { pageOf } from '../../../../shared/format/page-param.js';
/** What the reconciliation page's URL holds: the past run whose report is shown (none: the latest) and the history's page. */
export interface ReconciliationView {
  readonly run?: string | undefined;
  readonly page: number;
}

const RUN_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const reconciliationViewOf = (params: URLSearchParams): ReconciliationView => {
  const run = params.get('run');
  return {
    run: run !== null && RUN_ID.test(run) ? run : undefined,
    page: pageOf(params),
  };
};

export const reconciliationSearchOf = (view: ReconciliationView): URLSearchParams => {
  const params = new URLSearchParams();
  if (view.run) params.set('run', view.run);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
};
