import type { Discrepancy, ReconciliationReport, ReconciliationReportSummary } from '@trx-shop/domain';

/** The summary as JSON keeps its instants as ISO text; every other field survives as it is. */
type SummaryJson = Omit<ReconciliationReportSummary, 'startedAt' | 'finishedAt'> & {
  readonly startedAt: string;
  readonly finishedAt: string;
};

/** A report's row: the summary and the discrepancy rows in columns of their own, so a listing reads no rows. */
export interface ReconciliationReportRow {
  readonly id: string;
  readonly started_at: number;
  readonly summary: string;
  readonly discrepancies: string;
}

export const reportToRow = ({
  discrepancies,
  ...summary
}: ReconciliationReport): ReconciliationReportRow => ({
  id: summary.id,
  started_at: summary.startedAt.getTime(),
  summary: JSON.stringify(summary),
  discrepancies: JSON.stringify(discrepancies),
});

export const summaryFromJson = (json: string): ReconciliationReportSummary => {
  const stored = JSON.parse(json) as SummaryJson;
  return { ...stored, startedAt: new Date(stored.startedAt), finishedAt: new Date(stored.finishedAt) };
};

export const reportFromRow = (
  row: Pick<ReconciliationReportRow, 'summary' | 'discrepancies'>,
): ReconciliationReport => ({
  ...summaryFromJson(row.summary),
  discrepancies: JSON.parse(row.discrepancies) as Discrepancy[],
});
