import type { ReconciliationReport } from '@trx-shop/domain';

/** The report as JSON keeps its instants as ISO text; every other field survives as it is. */
type ReportJson = Omit<ReconciliationReport, 'startedAt' | 'finishedAt'> & {
  readonly startedAt: string;
  readonly finishedAt: string;
};

export const reportToJson = (report: ReconciliationReport): string => JSON.stringify(report);

export const reportFromJson = (json: string): ReconciliationReport => {
  const stored = JSON.parse(json) as ReportJson;
  return { ...stored, startedAt: new Date(stored.startedAt), finishedAt: new Date(stored.finishedAt) };
};
