import { type BenchResults, checkTargets, medianStartupMs } from './results.js';

const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const rps = (value: number): string => value.toFixed(0);
const table = (header: string[], rows: string[][]): string =>
  [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

export const renderMarkdown = (results: BenchResults): string => {
  const { machine, plan, startup, firstRun, dataSets, money, mongodb } = results;
  const httpRows = (figures: BenchResults['dataSets']['http']) =>
    figures.map((endpoint) => [
      `\`${endpoint.request}\`${endpoint.connections === plan.connections ? '' : ` (${endpoint.connections} connections)`}`,
      `${endpoint.bodyBytes}`,
      rps(endpoint.endpoint.requestsPerSecond),
      ms(endpoint.endpoint.latencyP50Ms),
      ms(endpoint.endpoint.latencyP99Ms),
      rps(endpoint.ceiling.requestsPerSecond),
      `${(endpoint.ratio * 100).toFixed(1)}%`,
      `${endpoint.endpoint.failures}`,
    ]);
  const httpHeader = [
    'request',
    'body bytes',
    'req/s',
    'p50',
    'p99',
    'ceiling req/s',
    'of ceiling',
    'failures',
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
    '## Money path and listener',
    table(
      ['figure', 'value'],
      [
        ['concurrent users', `${money.moneyPath.concurrentUsers}`],
        ['order + pay pairs', `${money.moneyPath.pairs}`],
        ['pairs per second', money.moneyPath.pairsPerSecond.toFixed(1)],
        [
          'POST /api/orders p50 / p99',
          `${ms(money.moneyPath.createOrderP50Ms)} / ${ms(money.moneyPath.createOrderP99Ms)}`,
        ],
        [
          'POST /api/orders/:id/pay p50 / p99',
          `${ms(money.moneyPath.payP50Ms)} / ${ms(money.moneyPath.payP99Ms)}`,
        ],
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
  ];
  return `${sections.join('\n\n')}\n`;
};
