import { codesOf, type DomainError, domainError } from '../../../errors/domain-error.js';
import type { ReconciliationReport } from '../../../reconciliation/reconciliation-report.js';
import { DEPOSIT_CURSOR, DEPOSIT_ORIGIN_CURSOR, DEPOSIT_ORIGIN_TIME_CURSOR } from '../scan-deposits.js';
import { compareBalances, everyHolder, holdersOf } from './compare-balances.js';
import { compareBlocks } from './compare-blocks.js';
import { compareLines } from './compare-lines.js';
import { DiscrepancyLog } from './discrepancy-log.js';
import type { ReconcileDeps, ReconcileOptions } from './reconcile-deps.js';
import { reconciliationAudit } from './run-audit.js';

/** The cursor's name in the store: the last block a reconciliation compared. */
export const RECONCILED_CURSOR = 'reconciliation';

interface Origin {
  /** The first block the scanner covered. */
  readonly block: number;
  /** When the scanner first ran (the service's clock). */
  readonly time: Date;
}

/**
 * Where the scanner started. One that started before this was kept has no origin: the next
 * block and now become it, and reconciliation covers the chain from there on.
 */
const originOf = async (deps: ReconcileDeps, scannedThrough: number): Promise<Origin> => {
  const { chainCursors } = deps.store;
  const now = deps.clock.now();
  await chainCursors.advance(DEPOSIT_ORIGIN_TIME_CURSOR, null, now.getTime(), now);
  await chainCursors.advance(DEPOSIT_ORIGIN_CURSOR, null, scannedThrough + 1, now);
  return {
    block: (await chainCursors.read(DEPOSIT_ORIGIN_CURSOR)) ?? scannedThrough + 1,
    time: new Date((await chainCursors.read(DEPOSIT_ORIGIN_TIME_CURSOR)) ?? now.getTime()),
  };
};

/** The lease a reconciliation holds while it runs: one at a time, across instances and the CLI. */
export const RECONCILIATION_LEASE = 'reconciliation';
/**
 * How long the lease outlives its holder's last sign of life: a run renews it as it reads blocks
 * and balances, so a run that died frees it this long after, and a live one keeps it.
 */
export const RECONCILIATION_LEASE_MS = 5 * 60_000;

/** Thrown, not returned: a run that loses its lease mid-way must unwind from deep in the chain reads. */
export type ReconcileLedgerError = DomainError<'RECONCILIATION_RUNNING'>;
export const RECONCILE_LEDGER_ERRORS = codesOf<ReconcileLedgerError>()(['RECONCILIATION_RUNNING']);

const alreadyRunning = (): ReconcileLedgerError =>
  domainError(
    'RECONCILIATION_RUNNING',
    'A reconciliation is running already; try again when it has finished',
  );

/**
 * The deps a run reads the chain through, renewing its lease on the way (at most every third of
 * its term): losing it to another run (it lapsed) stops this one rather than racing it.
 */
const leasedRun = (deps: ReconcileDeps, holder: string) => {
  const { leases } = deps.store;
  let renewedAt = deps.clock.now().getTime();
  const keepLease = async (always = false) => {
    const now = deps.clock.now();
    if (!always && now.getTime() - renewedAt < RECONCILIATION_LEASE_MS / 3) return;
    if (!(await leases.tryAcquire(RECONCILIATION_LEASE, holder, now, RECONCILIATION_LEASE_MS))) {
      throw alreadyRunning();
    }
    renewedAt = now.getTime();
  };
  const leased: ReconcileDeps = {
    ...deps,
    chain: {
      ...deps.chain,
      solidBlock: async (number) => {
        await keepLease();
        return deps.chain.solidBlock(number);
      },
    },
    pace: async () => {
      await keepLease();
      await deps.pace();
    },
  };
  // Renewed once more before the report is kept, so a run that lost its lease keeps nothing.
  return { deps: leased, beforeSave: () => keepLease(true) };
};

const reconcileOnce = async (
  { deps, beforeSave }: ReturnType<typeof leasedRun>,
  options: ReconcileOptions,
): Promise<ReconciliationReport> => {
  const startedAt = deps.clock.now();
  const { chainCursors } = deps.store;
  const log = new DiscrepancyLog();
  const scannedThrough = await chainCursors.read(DEPOSIT_CURSOR);
  const origin = scannedThrough === null ? null : await originOf(deps, scannedThrough);
  const reconciled = await chainCursors.read(RECONCILED_CURSOR);

  let blocks: ReconciliationReport['blocks'] = null;
  let transfersChecked = 0;
  let linesChecked = 0;
  const active = new Set<string>();
  const inFlight = new Set<string>();
  if (scannedThrough !== null && origin !== null) {
    const from = Math.max(
      origin.block,
      options.fromBlock ?? (reconciled === null ? origin.block : reconciled + 1),
    );
    if (from <= scannedThrough) {
      const compared = await compareBlocks(deps, { from, to: scannedThrough }, log);
      if (compared.through >= from) {
        blocks = { from, to: compared.through };
        transfersChecked = compared.transfersChecked;
        const lines = await compareLines(deps, blocks, compared.seenTxIds, log);
        linesChecked = lines.linesChecked;
        for (const address of [...compared.activeAddresses, ...lines.addresses]) active.add(address);
        for (const address of compared.inFlightAddresses) inFlight.add(address);
      }
    }
  }

  const balances = await compareBalances(
    deps,
    options.allWallets ? everyHolder(deps) : holdersOf(deps, active),
    { originTime: origin?.time ?? null, scannedThrough: scannedThrough ?? 0, inFlight },
    log,
  );

  const report: ReconciliationReport = {
    id: deps.ids.newId(),
    startedAt,
    finishedAt: deps.clock.now(),
    blocks,
    transfersChecked,
    linesChecked,
    allWallets: options.allWallets,
    ...balances,
    counts: { ...log.counts },
    discrepancies: log.rows,
  };
  await beforeSave();
  await deps.store.reconciliation.saveReport(report);
  // A rescan of earlier blocks never moves the cursor back.
  if (blocks !== null && blocks.to > (reconciled ?? -1)) {
    await chainCursors.advance(RECONCILED_CURSOR, reconciled, blocks.to, deps.clock.now());
  }
  deps.logger.info(
    { blocks, walletsChecked: report.walletsChecked, counts: report.counts },
    'ledger reconciled',
  );
  return report;
};

/**
 * Compares the ledger with the solidified chain (docs/api.md, "Reconciliation"): the blocks the
 * scanner covered since the last run (or from `fromBlock`), both ways, then the balances of the
 * wallets active in them (or of every held wallet). Reads only what a TRON full node serves, so
 * it runs unchanged against TronGrid or an own node. The report is kept as the latest. One run at
 * a time: a second one, from any instance or the CLI, is refused with RECONCILIATION_RUNNING.
 * Every run that starts is in the audit trail with its result, completed or failed.
 */
export const reconcileLedger = async (
  deps: ReconcileDeps,
  options: ReconcileOptions,
): Promise<ReconciliationReport> => {
  const holder = deps.ids.newId();
  const { leases } = deps.store;
  if (!(await leases.tryAcquire(RECONCILIATION_LEASE, holder, deps.clock.now(), RECONCILIATION_LEASE_MS))) {
    throw alreadyRunning();
  }
  const audit = reconciliationAudit(deps, options);
  try {
    const report = await reconcileOnce(leasedRun(deps, holder), options).catch(async (error: unknown) => {
      await audit.failed(error);
      throw error;
    });
    await audit.completed(report);
    return report;
  } finally {
    await leases.release(RECONCILIATION_LEASE, holder);
  }
};
