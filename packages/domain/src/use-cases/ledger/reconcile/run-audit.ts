import { isDomainError } from '../../../errors/domain-error.js';
import { administrationEvents } from '../../../events/administration-events.js';
import { appendEvent } from '../../../events/append-event.js';
import type { ReconciliationReport } from '../../../reconciliation/reconciliation-report.js';
import type { ReconcileDeps, ReconcileOptions } from './reconcile-deps.js';

/** Enough of a failure to tell what went wrong, never a whole upstream answer. */
const MAX_MESSAGE_LENGTH = 300;

/**
 * A reconciliation run's audit entry: who ran it (the admin, or the command) and its result, a
 * report's summary or why it stopped. The report's record carries no outbox (and a failed run
 * keeps none): the entry is logged right after it is kept, while the run still holds its lease.
 */
export const reconciliationAudit = (deps: ReconcileDeps, options: ReconcileOptions) => {
  const request = { allWallets: options.allWallets, fromBlock: options.fromBlock };
  const events = () => administrationEvents(deps.ids, deps.clock.now(), deps.actor);
  return {
    completed: (report: ReconciliationReport) =>
      appendEvent(deps, events().reconciliationCompleted(report, request)),
    /** Logs the failure if it can; the run's own error is what the caller sees either way. */
    failed: async (error: unknown) => {
      const code = isDomainError(error) ? error.code : 'INTERNAL_ERROR';
      const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_MESSAGE_LENGTH);
      await appendEvent(deps, events().reconciliationFailed(code, message, request)).catch(() => undefined);
    },
  };
};
