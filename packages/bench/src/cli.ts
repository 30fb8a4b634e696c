import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDataSetSection } from './data-set-section.js';
import { runLedgerSection } from './ledger-section.js';
import { runCrossInstanceSection } from './cross-instance-section.js';
import { runEventLogSection } from './event-log-section.js';
import { runWebhookSection } from './webhook-section.js';
import { runReconcileSection } from './reconcile-section.js';
import { runScannerSection } from './scanner-section.js';
import { runUsdtChainSection } from './usdt-chain-section.js';
import { machineFacts } from './machine.js';
import { renderMarkdown } from './markdown-report.js';
import { runMoneySection } from './money-section.js';
import { runMongoMoneySection } from './mongo-money-section.js';
import { runMongoSection } from './mongo-section.js';
import { hashPassword } from './password-hash.js';
import { FULL_PLAN, QUICK_PLAN } from './plan.js';
import type { BenchResults } from './results.js';
import { measureFirstRun } from './first-run-section.js';
import { measureStartup } from './startup-section.js';
import { runStorefrontPaymentSection } from './storefront-payment-section.js';
import { runWebSection } from './web-section.js';
import { removeWorkDirs } from './work-dir.js';
import { parseCommandLine } from './command-line.js';

const RESULTS_DIR = fileURLToPath(new URL('../../../bench/results/', import.meta.url));
const ADMIN = { ADMIN_EMAIL: 'bench-admin@trx-shop.test', ADMIN_PASSWORD: 'bench admin password' };

const USAGE = [
  'usage: pnpm bench [--quick]',
  'Measures start-up, memory, the HTTP sets, the money path, the listener, the scanner, USDT through',
  'the chain adapter, events, webhooks, reconciliation, the ledger and the web apps (their JavaScript,',
  "their pages and the storefront's payment in Chromium); writes bench/results/<plan>-latest.md and .json.",
  '  --quick  the small plan (minutes instead of the full run)',
  "MONGODB_URI: the MongoDB sets run against it (else the tests' stand-in, or they are skipped).",
].join('\n');

const { flags } = parseCommandLine('bench', USAGE, ['quick'], 0);
const plan = flags.has('quick') ? QUICK_PLAN : FULL_PLAN;
const date = new Date().toISOString();
console.log(`pnpm bench (${plan.mode}) on Node ${process.version}`);

const password = 'bench shopper password';
const credentials = { password, passwordHash: await hashPassword(password) };

console.log("the web apps: the admin's and the storefront's initial JavaScript");
const webShells = runWebSection();
console.log('start-up and idle memory');
const startup = await measureStartup(plan.startupSamples, ADMIN);
console.log(`first run: pnpm start on a built tree${plan.mode === 'full' ? ', and a fresh clone' : ''}`);
const firstRun = await measureFirstRun(plan.mode, ADMIN);
console.log("data sets: growth, the HTTP set, the admin's pages and the catalogue in Chromium");
const dataSets = await runDataSetSection(plan, credentials);
console.log(
  `the storefront: ${plan.storefrontPayments} ${plan.storefrontPayments === 1 ? 'order' : 'orders'} paid in Chromium, from the Pay click to "Completed"`,
);
const storefrontPayment = await runStorefrontPaymentSection(plan, ADMIN);
console.log(
  `money path (${plan.warmUpPairs} warm-up pairs, then ${plan.buyers} timed, ${plan.concurrentUsers} at a time; the node a devnet process) and the listener`,
);
const money = await runMoneySection(plan, ADMIN);
console.log(
  `deposit scanner: ${plan.scanner.wallets} wallets, ${plan.scanner.blocks} blocks of ${plan.scanner.transfersPerBlock} transfers`,
);
const scanner = await runScannerSection(plan);
console.log(
  `USDT through the chain adapter: ${plan.usdtChain.transfers} transfers, then blocks of ${plan.usdtChain.usdtTransfersPerBlock.join(', ')} read back`,
);
const usdtChain = await runUsdtChainSection(plan);
console.log(`event log: ${plan.eventLogOrders} orders with and without their event logged in the write`);
const eventLog = await runEventLogSection(plan);
console.log(`events across instances: ${plan.crossInstanceBuyers} buyers pay through A, their clients on B`);
const crossInstance = await runCrossInstanceSection(plan, ADMIN);
console.log(
  `webhooks: ${plan.webhookSteadyEvents} events at a steady rate, then ${plan.webhookBurstEvents} at once`,
);
const webhooks = await runWebhookSection(plan, ADMIN);
console.log(`reconciliation: ${plan.reconcileWallets} wallets, every one read`);
const reconciliation = await runReconcileSection(plan);
console.log(`merchant ledger: ${plan.ledgerRows.join(', ')} lines`);
const ledger = await runLedgerSection(plan, credentials);
const mongodb = await runMongoSection(plan, credentials, process.env.MONGODB_URI);
if ('skipped' in mongodb) console.log(`notice: the MongoDB HTTP set was skipped (${mongodb.skipped})`);
console.log("money path on the MongoDB store (MONGODB_URI, or the tests' stand-in)");
const mongoMoney = await runMongoMoneySection(plan, ADMIN);

const results: BenchResults = {
  machine: machineFacts(),
  date,
  plan,
  startup,
  firstRun,
  webShells,
  dataSets,
  storefrontPayment,
  money,
  scanner,
  usdtChain,
  reconciliation,
  eventLog,
  crossInstance,
  webhooks,
  ledger,
  mongodb,
  mongoMoney,
};
const markdown = renderMarkdown(results);
mkdirSync(RESULTS_DIR, { recursive: true });
const base = join(RESULTS_DIR, `${plan.mode}-latest`);
writeFileSync(`${base}.json`, `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(`${base}.md`, markdown);
console.log(`\n${markdown}`);
console.log(`results: ${base}.md and ${base}.json`);
// Data sets, logs and devnet state go once the run has succeeded; a failed run keeps them for
// its error message's log path.
removeWorkDirs();
