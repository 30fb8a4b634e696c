import type { ExportFigures } from './export-stream.js';
import { describeCpuPerPair } from './money-path.js';
import { describePageFigure } from './chromium-pages.js';
import { type BenchResults, checkTargets, kb, medianStartupMs } from './results.js';
import {
  describeStorefrontPayment,
  PAYMENT_BLOCKS_BEFORE_SOLIDIFICATION,
  type StorefrontPaymentFigure,
} from './storefront-payment-section.js';
import type { BenchPlan } from './plan.js';
import type { BlockReadFigure } from './usdt-block-reads.js';
import type { UsdtChainFigures } from './usdt-chain-section.js';
import { describeUsdtTransferRate } from './usdt-transfer-rate.js';
import type { AppShellFigure } from './web-section.js';

const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

/** Store-level timings are fractions of a millisecond. */
const fineMs = (value: number): string => `${value.toFixed(3)} ms`;
const rps = (value: number): string => value.toFixed(0);
const table = (header: string[], rows: string[][]): string =>
  [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

const shellRows = (shell: AppShellFigure): string[][] =>
  'notMeasured' in shell
    ? [['initial JavaScript (entry and module preloads), gzip', `not measured (${shell.notMeasured})`]]
    : [
        [
          'initial JavaScript (entry and module preloads), gzip',
          `${kb(shell.initialGzipBytes)}: ${shell.initial.map((file) => `\`${file.file}\` ${kb(file.gzipBytes)} (${kb(file.bytes)} raw)`).join(', ')}`,
        ],
        [
          'largest chunk loaded on demand, gzip',
          shell.largestLazy === null
            ? 'none'
            : `\`${shell.largestLazy.file}\` ${kb(shell.largestLazy.gzipBytes)}`,
        ],
      ];

const paymentRows = (payment: StorefrontPaymentFigure): string[][] => {
  if ('notMeasured' in payment)
    return [['from the Pay click to "Completed" on the order page', describeStorefrontPayment(payment)]];
  const bound = PAYMENT_BLOCKS_BEFORE_SOLIDIFICATION + payment.solidDepth;
  const most = Math.max(...payment.payments.map((each) => each.blocks));
  return [
    ['from the Pay click to "Completed" on the order page', describeStorefrontPayment(payment)],
    [
      `blocks it took, against ${PAYMENT_BLOCKS_BEFORE_SOLIDIFICATION} blocks plus the solidification (${payment.solidDepth}): ${bound} (reported, not a target)`,
      `at most ${most}: ${most <= bound ? 'within' : '**beyond**'}`,
    ],
  ];
};

const webSection = ({ webShells, dataSets, plan, storefrontPayment }: BenchResults): string => {
  const { adminPages, storefrontPages } = dataSets;
  const chain =
    'notMeasured' in storefrontPayment
      ? ''
      : ` The payment on an embedded instance of its own (the in-process devnet making a block every ${storefrontPayment.blockIntervalMs / 1000} s, a transfer solid ${storefrontPayment.solidDepth} blocks deep, the listener every ${storefrontPayment.listenerIntervalMs / 1000} s): a signed-in shopper whose airdrop arrived opens each pending order's page, clicks Pay and waits for "Completed" without a reload; the page notes both instants, the blocks are the devnet's head at each.`;
  return [
    `\`packages/web/dist\` (built first when missing or older than its sources), gzip at zlib's default level (6), 1 KB = 1,000 bytes. The pages in headless Chromium (1440 x 900) against the service holding the ${plan.dataSet.orders}-order, ${plan.dataSet.products}-product data set, after its HTTP set; each the median of ${adminPages.samples} loads in fresh tabs of one browser context (the first load fetches the assets, the others find them cached): the admin's signed in as an admin, the storefront's as a visitor.${chain}`,
    '### Admin',
    table(
      ['figure', 'value'],
      [
        ...shellRows(webShells.admin),
        [
          'dashboard: largest contentful paint once its content is shown',
          describePageFigure(adminPages.dashboardLcp),
        ],
        [
          'orders page: navigation start to the first row of the table',
          describePageFigure(adminPages.ordersInteractive),
        ],
      ],
    ),
    '### Storefront',
    table(
      ['figure', 'value'],
      [
        ...shellRows(webShells.storefront),
        [
          'catalogue: largest contentful paint once its products are shown',
          describePageFigure(storefrontPages.catalogueLcp),
        ],
        ...paymentRows(storefrontPayment),
      ],
    ),
  ].join('\n\n');
};

/** A node path without its API prefix, as a reader of java-tron's docs would look it up. */
const nodePath = (path: string): string => `\`${path.replace(/^\//, '')}\``;

const blockReadRow = (figure: BlockReadFigure): string[] => {
  const block = `${figure.transfers} ${figure.contents} ${figure.transfers === 1 ? 'transfer' : 'transfers'}${figure.contents === 'TRX' ? ' only' : ''}`;
  if ('notMeasured' in figure) return [block, `not measured: ${figure.notMeasured}`, '', '', ''];
  return [
    block,
    `${figure.requestsPerBlock} (${figure.requestPaths.map(nodePath).join(', ')})`,
    fineMs(figure.msPerBlock),
    fineMs(figure.msPerTransfer),
    fineMs(figure.adapterCpuMsPerBlock),
  ];
};

/** The USDT section's text and tables, from its plan and its figures. */
export const usdtChainSection = (
  { transfers, warmUpTransfers, concurrency, usdtTransfersPerBlock, blockReads }: BenchPlan['usdtChain'],
  usdtChain: UsdtChainFigures,
): string => {
  const { rate } = usdtChain;
  const rateRows: string[][] = [
    ['USDT transfers signed and accepted per second', describeUsdtTransferRate(rate)],
  ];
  if (!('notMeasured' in rate)) {
    rateRows.push(
      [
        'one transfer (estimate, sign, broadcast) p50 / p99',
        `${ms(rate.transferP50Ms)} / ${ms(rate.transferP99Ms)}`,
      ],
      [
        'CPU per transfer: the adapter (this process) / the node',
        `${fineMs(rate.cpuMsPerTransfer.adapter)} / ${fineMs(rate.cpuMsPerTransfer.node)}`,
      ],
      [
        'node requests per transfer',
        `${rate.requestsPerTransfer.toFixed(2)}: ${Object.entries(rate.requestsPerTransferByPath)
          .map(([path, count]) => `${nodePath(path)} ${count.toFixed(2)}`)
          .join(', ')}`,
      ],
      [
        'on the solidified chain',
        `all ${rate.warmUpTransfers + rate.transfers} (warm-up included) SUCCESS with their Transfer log, in ${rate.blocks} ${rate.blocks === 1 ? 'block' : 'blocks'}; each used ${rate.energyUsed} energy and burned ${(rate.burnedSun / 1_000_000).toFixed(2)} TRX (median)`,
      ],
    );
  }
  return [
    `Through \`packages/chain-tron\`'s adapter as the service builds it (USDT on, the default fee-limit cap and energies), against a devnet process making blocks on request, a block solid ${usdtChain.solidDepth} deep. **Transfers**: ${transfers} wallets, each given TRX for the energy and USDT minted, send 1 USDT each to one wallet holding USDT, ${Math.min(concurrency, transfers)} in flight at once, after ${warmUpTransfers} untimed from wallets of their own; each is the adapter's fee estimate, the \`transfer\` call signed with the estimate's fee limit, and the broadcast, timed from the first estimate to the last broadcast's answer (the node executes them when it makes the next block, outside that time). The block is then made solid and every transfer looked up: if any did not land SUCCESS with its Transfer log, no rate is reported. **Block reads**: solid blocks of ${usdtTransfersPerBlock.join(', ')} USDT transfers sent the same way, and one of ${Math.max(...usdtTransfersPerBlock)} TRX transfers only, each read through \`chain.solidBlock(n)\` once to check it lists every transfer, then timed over ${blockReads} reads (the median); the requests are the adapter's own, counted in this process.`,
    table(['figure', 'value'], rateRows),
    table(
      ['block', 'requests per read', 'ms per block', 'ms per transfer', 'adapter CPU per block'],
      usdtChain.blockReads.map(blockReadRow),
    ),
  ].join('\n\n');
};

export const renderMarkdown = (results: BenchResults): string => {
  const {
    machine,
    plan,
    startup,
    firstRun,
    dataSets,
    money,
    scanner,
    reconciliation,
    eventLog,
    crossInstance,
    webhooks,
    ledger,
    mongodb,
  } = results;
  const exportCells = (figures: ExportFigures) => [
    `${figures.rows}`,
    `${figures.seconds.toFixed(1)} s`,
    `${(figures.rows / figures.seconds).toFixed(0)}`,
    `${(figures.bytes / 1_048_576).toFixed(0)} MiB`,
    `${figures.rssBeforeMiB.toFixed(0)} -> ${figures.rssPeakMiB.toFixed(0)} MiB`,
  ];
  const exportHeader = ['rows', 'time', 'rows/s', 'size', 'service RSS before -> peak'];
  const httpRows = (figures: BenchResults['dataSets']['http']) =>
    figures.map((endpoint) => [
      `\`${endpoint.request}\`${endpoint.connections === plan.connections ? '' : ` (${endpoint.connections} connections)`}`,
      `${endpoint.bodyBytes}`,
      rps(endpoint.endpoint.requestsPerSecond),
      ms(endpoint.endpoint.latencyP50Ms),
      ms(endpoint.endpoint.latencyP99Ms),
      rps(endpoint.ceiling.requestsPerSecond),
      `${(endpoint.ratio * 100).toFixed(1)}%`,
      endpoint.cpuUsPerAnswer
        ? `${endpoint.cpuUsPerAnswer.service.toFixed(0)} / ${endpoint.cpuUsPerAnswer.ceiling.toFixed(0)} us`
        : '',
      `${endpoint.endpoint.failures}`,
      endpoint.memoHitRate === undefined ? '' : `${(endpoint.memoHitRate * 100).toFixed(1)}%`,
      endpoint.requestsInMix === undefined
        ? ''
        : `${endpoint.requestsInMix} requests${endpoint.stockWrites === undefined ? '' : `, ${endpoint.stockWrites} stock changes`}${endpoint.usernameWrites === undefined ? '' : `, ${endpoint.usernameWrites} username changes`}`,
    ]);
  const httpHeader = [
    'request',
    'body bytes',
    'req/s',
    'p50',
    'p99',
    'ceiling req/s',
    'of ceiling',
    'CPU per answer (service / ceiling)',
    'failures',
    'memo hits',
    'mix',
  ];
  const sections = [
    `# TRX Shop benchmark (${plan.mode})`,
    `${results.date} · ${machine.cpuCount} x ${machine.cpuModel} · ${machine.memoryGiB} GiB · ${machine.os} · Node ${machine.node}`,
    `Data set: ${plan.dataSet.users} users, ${plan.dataSet.products} products, ${plan.dataSet.orders} orders over ${plan.dataSet.days} days (SQLite, embedded default). autocannon: ${plan.connections} connections, ${plan.durationSeconds} s per run.`,
    '## Targets',
    table(
      ['target', 'measured', 'met'],
      checkTargets(results).map((check) => [check.target, check.measured, check.met ? 'yes' : '**no**']),
    ),
    '## HTTP throughput and latency (SQLite)',
    table(httpHeader, httpRows(dataSets.http)),
    '## Growth (one connection)',
    table(
      ['orders', 'seed s', 'stats p50', 'stats p99', 'customers p50', 'customers p99'],
      dataSets.growth.map((point) => [
        `${point.orders}`,
        point.seedSeconds.toFixed(1),
        ms(point.statsP50Ms),
        ms(point.statsP99Ms),
        ms(point.customersP50Ms),
        ms(point.customersP99Ms),
      ]),
    ),
    '### Sales export at each size',
    table(
      ['orders', ...exportHeader],
      dataSets.growth.map((point) => [`${point.orders}`, ...exportCells(point.salesExport)]),
    ),
    '## The web apps',
    webSection(results),
    '## Deposit scanner',
    `${scanner.blocks} blocks of ${scanner.transfersPerBlock} TRX transfers (${scanner.depositsPerBlock} of each block's into custodial wallets, the rest elsewhere) on a devnet process, ${scanner.wallets} custodial wallets in the store; the service's start-up scan catches up on all of them (its own log line's duration).`,
    table(
      ['figure', 'value'],
      [
        ['blocks per second', scanner.blocksPerSecond.toFixed(0)],
        [
          'scan',
          `${scanner.blocks} blocks, ${scanner.depositsRecorded} deposits recorded in ${scanner.scanMs} ms`,
        ],
        ['set-up (wallets and funded blocks)', `${scanner.seedSeconds.toFixed(0)} s`],
      ],
    ),
    '## USDT through the chain adapter (reported)',
    usdtChainSection(plan.usdtChain, results.usdtChain),
    '## Event log',
    `${eventLog.orders} orders created in the embedded store with their \`order.created\` event logged in the same write, as many without, in alternating blocks.`,
    table(
      ['figure', 'value'],
      [
        [
          'order creation p50, without / with its event',
          `${fineMs(eventLog.createP50Ms)} / ${fineMs(eventLog.createWithEventP50Ms)}`,
        ],
        ["the event's append on order creation (p50 difference)", fineMs(eventLog.appendP50Ms)],
      ],
    ),
    '## Events across instances',
    `Two service processes on one SQLite file and a devnet process; instance A leads the listener (every 100 ms), each of ${crossInstance.frames} buyers has a WebSocket on instance B. The buyers pay through A while a block comes every 100 ms; each \`transaction:confirmed\` is timed from its event's time (A's listener completing the order) to its arrival on B: its logging in A's write, B's read of the log, the socket.`,
    table(
      ['figure', 'value'],
      [
        ['frames', `${crossInstance.frames}`],
        [
          'latency p50 / p99 / max',
          `${ms(crossInstance.latencyP50Ms)} / ${ms(crossInstance.latencyP99Ms)} / ${ms(crossInstance.latencyMaxMs)}`,
        ],
      ],
    ),
    '## Webhooks',
    `A service process (the embedded default) with one webhook endpoint on a receiver in the bench process that answers 204 at once. Events are logged straight into the service's store: ${webhooks.steadyEvents} at ${webhooks.steadyRatePerSecond} per second (each timed from its event's time to its arrival), then ${webhooks.burstEvents} at once (delivered as fast as the dispatcher goes: fan-out, claims, signed requests, recorded attempts).`,
    table(
      ['figure', 'value'],
      [
        ['deliveries per second (the burst)', rps(webhooks.deliveriesPerSecond)],
        [
          'event to delivery p50 / p99 (steady)',
          `${ms(webhooks.latencyP50Ms)} / ${ms(webhooks.latencyP99Ms)}`,
        ],
      ],
    ),
    '## Reconciliation',
    `\`POST /api/admin/reconciliation {allWallets: true}\` over ${reconciliation.wallets} custodial wallets made by registration, each funded once on a devnet process and scanned: ${reconciliation.blocks} blocks compared both ways (${reconciliation.transfersChecked} transfers), every wallet's balance read from the node unpaced and set against its ledger; nothing found wrong.`,
    table(
      ['figure', 'value'],
      [
        ['per 10,000 wallets', `${(reconciliation.msPer10kWallets / 1000).toFixed(1)} s`],
        ['this run', `${reconciliation.wallets} wallets in ${reconciliation.runMs} ms`],
        ['set-up (registrations, fundings, scan)', `${reconciliation.seedSeconds.toFixed(0)} s`],
      ],
    ),
    "## The merchant's ledger",
    "One request at a time; the first page, a page filtered by type (its running balances sum the gaps between its rows), and the CSV export downloaded to the end while the service's resident memory is sampled every 20 ms.",
    table(
      [
        'lines',
        'seed s',
        'page p50 / p99',
        'filtered page p50 / p99',
        'export time',
        'export rows/s',
        'export RSS before -> peak',
      ],
      ledger.map((figures) => [
        `${figures.rows}`,
        figures.seedSeconds.toFixed(1),
        `${ms(figures.pageP50Ms)} / ${ms(figures.pageP99Ms)}`,
        `${ms(figures.filteredPageP50Ms)} / ${ms(figures.filteredPageP99Ms)}`,
        `${figures.export.seconds.toFixed(1)} s`,
        `${(figures.export.rows / figures.export.seconds).toFixed(0)}`,
        `${figures.export.rssBeforeMiB.toFixed(0)} -> ${figures.export.rssPeakMiB.toFixed(0)} MiB`,
      ]),
    ),
    '## Money path and listener',
    table(
      ['figure', 'value'],
      [
        ['concurrent users', `${money.moneyPath.concurrentUsers}`],
        [
          'order + pay pairs (timed, after the warm-up pairs)',
          `${money.moneyPath.pairs} (after ${money.moneyPath.warmUpPairs})`,
        ],
        ['the node', 'a devnet process of its own, a block a second'],
        ['pairs per second', money.moneyPath.pairsPerSecond.toFixed(1)],
        [
          'POST /api/orders p50 / p99',
          `${ms(money.moneyPath.createOrderP50Ms)} / ${ms(money.moneyPath.createOrderP99Ms)}`,
        ],
        [
          'POST /api/orders/:id/pay p50 / p99',
          `${ms(money.moneyPath.payP50Ms)} / ${ms(money.moneyPath.payP99Ms)}`,
        ],
        ['CPU per timed pair', describeCpuPerPair(money.moneyPath)],
        [
          'listener: one run settling the pending transfers',
          `${money.listener.confirmed} confirmed, ${money.listener.failed} failed in ${(money.listener.runMs / 1000).toFixed(2)} s`,
        ],
      ],
    ),
    '## Memory and start-up',
    table(
      ['figure', 'value'],
      [
        ['start-up to listening, fresh embedded default (median)', ms(medianStartupMs(startup))],
        ['start-up samples', startup.startupMs.map(ms).join(', ')],
        ['`pnpm start` on a built tree to the first 200', ms(firstRun.pnpmStartMs)],
        [
          "README's first command on a fresh clone (warm package store) to the first 200",
          firstRun.freshCloneMs === null ? 'not measured (quick run)' : ms(firstRun.freshCloneMs),
        ],
        [`start-up with the ${plan.dataSet.orders}-order data set`, ms(dataSets.startupWithDataMs)],
        ['RSS idle', `${startup.idleRssMiB.toFixed(0)} MiB`],
        ['peak RSS idle (since start)', `${startup.idlePeakRssMiB.toFixed(0)} MiB`],
        ['peak RSS under the HTTP load', `${dataSets.underLoadPeakRssMiB.toFixed(0)} MiB`],
      ],
    ),
    '## MongoDB',
    'skipped' in mongodb
      ? `Skipped: ${mongodb.skipped}.`
      : `Database \`${mongodb.dbName}\`.\n\n${table(httpHeader, httpRows(mongodb.http))}`,
    '## Money path on MongoDB (reported)',
    'skipped' in results.mongoMoney
      ? `Skipped: ${results.mongoMoney.skipped}.`
      : (() => {
          const { server, moneyPath } = results.mongoMoney;
          return `On ${server} (not a real server: indexes beyond unique ones are ignored): ${moneyPath.pairs} pairs (after ${moneyPath.warmUpPairs} warm-up pairs) with ${moneyPath.concurrentUsers} concurrent buyers, ${moneyPath.pairsPerSecond.toFixed(1)} pairs/s; POST /api/orders p50 / p99 ${ms(moneyPath.createOrderP50Ms)} / ${ms(moneyPath.createOrderP99Ms)}; pay p50 / p99 ${ms(moneyPath.payP50Ms)} / ${ms(moneyPath.payP99Ms)}; CPU per pair ${describeCpuPerPair(moneyPath)} (MongoDB's own not counted).`;
        })(),
  ];
  return `${sections.join('\n\n')}\n`;
};
