import { Time } from '../../../../shared/ui/time.js';
import { DISCREPANCY_KINDS, groupByKind, type ReconciliationReport } from '../utils/discrepancy-kinds.js';
import { durationOf } from '../utils/duration.js';
import { DiscrepancyTable } from './discrepancy-table.js';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What a run checked, then "nothing found" or what it found, grouped by kind with what each means and what to do. */
export const ReportView = ({ report }: { report: ReconciliationReport }) => {
  const listed = report.discrepancies.length;
  return (
    <div className="stack">
      <dl className="facts card">
        <div>
          <dt>Started</dt>
          <dd>
            <Time iso={report.startedAt} />
          </dd>
        </div>
        <div>
          <dt>Took</dt>
          <dd>{durationOf(report.startedAt, report.finishedAt)}</dd>
        </div>
        <div>
          <dt>Blocks checked</dt>
          <dd>
            {report.blocks === null
              ? 'none (no new solidified blocks)'
              : `${report.blocks.from.toLocaleString('en-US')} to ${report.blocks.to.toLocaleString('en-US')}`}
          </dd>
        </div>
        <div>
          <dt>Transfers checked</dt>
          <dd>{report.transfersChecked.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Ledger lines checked</dt>
          <dd>{report.linesChecked.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Wallets checked</dt>
          <dd>
            {report.walletsChecked.toLocaleString('en-US')} (
            {report.allWallets ? 'every wallet' : 'the active ones'})
            {report.walletsSkipped > 0 && (
              <>
                <br />
                <span className="muted">
                  {count(report.walletsSkipped, 'wallet', 'wallets')} with a transfer in flight, checked next
                  run
                </span>
              </>
            )}
            {report.openingsRecorded > 0 && (
              <>
                <br />
                <span className="muted">
                  {count(report.openingsRecorded, 'opening balance', 'opening balances')} recorded
                </span>
              </>
            )}
          </dd>
        </div>
      </dl>
      {report.ok ? (
        <p className="notice notice-ok">Nothing found: the ledger matches the chain.</p>
      ) : (
        <>
          <p className="notice notice-warn">
            {count(report.summary.discrepancies, 'discrepancy', 'discrepancies')} found
            {report.summary.discrepancies > listed &&
              ` (the first ${listed.toLocaleString('en-US')} are listed)`}
            .
          </p>
          {groupByKind(report).map((group) => {
            const text = DISCREPANCY_KINDS[group.kind];
            return (
              <section
                key={group.kind}
                className="discrepancy-kind stack"
                aria-labelledby={`kind-${group.kind}`}
              >
                <h3 id={`kind-${group.kind}`}>
                  {text.title} ({group.found.toLocaleString('en-US')})
                </h3>
                <p>
                  <strong>What it means:</strong> {text.meaning}
                </p>
                <p>
                  <strong>What to do:</strong> {text.action}
                </p>
                {group.rows.length > 0 && <DiscrepancyTable title={text.title} rows={group.rows} />}
              </section>
            );
          })}
        </>
      )}
    </div>
  );
};
