import { Link } from 'wouter';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';
import { formatLocalTime } from '../../../../shared/format/time.js';
import { Time } from '../../../../shared/ui/time.js';
import type { components } from '@trx-shop/client';
import { durationOf } from '../utils/duration.js';

/** Every listed run with what it checked and found; each links to its whole report. */
export const RunsTable = ({
  runs,
  shown,
  hrefOf,
  busy,
}: {
  runs: readonly components['schemas']['ReconciliationRunSummary'][];
  /** The run whose report the page shows. */
  shown: string | undefined;
  hrefOf: (id: string) => string;
  busy: boolean;
}) => (
  <TableScroll label="Run list">
    <table aria-label="Runs" aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">Started</th>
          <th scope="col">Took</th>
          <th scope="col">Blocks</th>
          <th scope="col" className="number">
            Wallets
          </th>
          <th scope="col">Result</th>
          <th scope="col">Report</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={run.id}>
            <td>
              <Time iso={run.startedAt} />
            </td>
            <td>{durationOf(run.startedAt, run.finishedAt)}</td>
            <td>
              {run.blocks === null
                ? 'none'
                : `${run.blocks.from.toLocaleString('en-US')} to ${run.blocks.to.toLocaleString('en-US')}`}
            </td>
            <td className="number">{run.walletsChecked.toLocaleString('en-US')}</td>
            <td>
              {run.ok ? (
                <span className="run-ok">Nothing found</span>
              ) : (
                <span className="run-found">
                  {run.summary.discrepancies.toLocaleString('en-US')}{' '}
                  {run.summary.discrepancies === 1 ? 'discrepancy' : 'discrepancies'}
                </span>
              )}
            </td>
            <td>
              {shown === run.id ? (
                <span aria-current="true">Shown above</span>
              ) : (
                <Link
                  href={hrefOf(run.id)}
                  aria-label={`View the report of the run started ${formatLocalTime(run.startedAt)}`}
                >
                  View report
                </Link>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </TableScroll>
);
