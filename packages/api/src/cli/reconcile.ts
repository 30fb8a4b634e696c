import { isDomainError, type Logger, reconcileLedger, totalDiscrepancies } from '@trx-shop/domain';
import { createObjectIdGenerator } from '../adapters/object-id-generator.js';
import { systemClock } from '../adapters/system-clock.js';
import { openRunningChain, reconcileRequestsPerSecond } from '../composition/open-chain.js';
import { cliActor } from './cli-actor.js';
import { openCliContext } from './cli-context.js';
import { parseCommandLine } from './command-line.js';
import { reconcileDeps } from '../composition/reconcile-deps.js';
import { formatReport, OUTPUT_FORMATS, type OutputFormat } from './reconciliation-output.js';

/**
 * `pnpm reconcile [--all-wallets] [--from-block N] [--format text|json|csv]`: compares the ledger
 * with the chain of the configured network (docs/operations.md, "Reconciling the ledger with the
 * chain"), keeps the report as the latest (the admin route shows it), prints it, and exits 1 when
 * anything is wrong (2 when it could not run). An error is one line with its code, never a stack.
 */
/** The report is the output; the use case's log lines would only repeat it. */
const quiet: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

const fail = (message: string): never => {
  console.error(`reconcile: ${message}`);
  process.exit(2);
};

const USAGE = [
  'usage: pnpm reconcile [--all-wallets] [--from-block <n>] [--format text|json|csv]',
  '  (in the Docker image: node dist/cli/reconcile.js [options])',
  'Compares the ledger with the solidified chain of the configured network and keeps the report.',
  '  --all-wallets     read every custodial wallet (default: those active since the last run)',
  '  --from-block <n>  compare the blocks again from block n',
  "  --format <f>      text (default), json (the admin route's report) or csv (one row per discrepancy)",
  'Exit code 0: nothing wrong; 1: discrepancies; 2: it could not run.',
].join('\n');

const flags = parseCommandLine('reconcile', USAGE, {
  'all-wallets': { type: 'boolean' },
  'from-block': { type: 'string' },
  format: { type: 'string' },
});
const format = (flags.format ?? 'text') as OutputFormat;
if (!OUTPUT_FORMATS.includes(format)) fail(`--format must be one of ${OUTPUT_FORMATS.join(', ')}`);
const fromBlockText = flags['from-block'];
const fromBlock = fromBlockText === undefined ? null : Number(fromBlockText);
if (fromBlock !== null && !(Number.isInteger(fromBlock) && fromBlock >= 0))
  fail('--from-block must be a block number');

const { config, store } = await openCliContext();
try {
  const chain =
    (await openRunningChain(config)) ??
    fail('the embedded devnet runs inside the service: start it once (pnpm start) first');
  const report = await reconcileLedger(
    reconcileDeps({
      store,
      chain,
      clock: systemClock,
      ids: createObjectIdGenerator(),
      logger: quiet,
      requestsPerSecond: reconcileRequestsPerSecond(config),
      actor: cliActor('reconcile'),
    }),
    { allWallets: flags['all-wallets'] === true, fromBlock },
  );
  process.stdout.write(formatReport(report, format));
  process.exitCode = totalDiscrepancies(report) === 0 ? 0 : 1;
} catch (error) {
  if (isDomainError(error)) fail(`${error.code}: ${error.message}`);
  throw error;
} finally {
  await store.close();
}
