import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSunAsTrx } from '@trx-shop/domain';
import type { AppConfig } from '../config/config.js';
import type { RunningService } from './start-service.js';

const networkLine = ({ network }: RunningService): string =>
  network.checked
    ? `${network.network} (verified by its genesis block)`
    : `${network.network} by its genesis block (not checked: TRON_NETWORK is not set)`;

/** The token contract the service follows, checked at start, or why none. */
const usdtLine = ({ chain }: RunningService, config: AppConfig): string => {
  const usdt = chain.chain.usdt;
  if (usdt !== null) return `${usdt.contractAddress} (symbol USDT, 6 decimals: checked)`;
  return config.tronNetwork === null
    ? 'off (TRON_NETWORK is not set, so no network USDT applies; USDT_CONTRACT names one)'
    : 'off (USDT_CONTRACT=off)';
};

/**
 * The admin-creation command as it runs here: the built CLI beside this server, so it works in
 * the Docker image (which has no pnpm) as well as in a checkout.
 */
const adminCreateCommand = (): string => {
  const cli = fileURLToPath(new URL('../cli/admin-create.js', import.meta.url));
  return `node ${relative(process.cwd(), cli)} --email <email>`;
};

/** Where `/metrics` answers (docs/operations.md, "Metrics"), and how; none when both are off. */
const metricsEndpoints = (service: RunningService, config: AppConfig): string[] => [
  ...(config.metrics.token === null
    ? []
    : [`${service.url}/metrics (Authorization: Bearer <METRICS_TOKEN>)`]),
  ...(service.metricsServerUrl === null ? [] : [`${service.metricsServerUrl} (its own port, no token)`]),
];

const NOT_BUILT = 'not built: run pnpm build:web, then restart';

/** The low-balance alert as the banner names it; null when MERCHANT_LOW_BALANCE_TRX is not set. */
const lowBalanceAlert = (config: AppConfig): string | null =>
  config.mail.merchantLowBalanceSun === null
    ? null
    : `merchant wallet below ${formatSunAsTrx(config.mail.merchantLowBalanceSun)} TRX, ` +
      `checked every ${config.mail.merchantBalanceCheckMs / 1000} s`;

/**
 * What a person starting the shop needs to know, once. In a terminal it follows the pretty log on
 * stdout; with JSON logs, stdout carries JSON lines only, so the banner goes to stderr in one
 * write and the log gets one JSON line with the same addresses (never the generated password).
 */
export const printBanner = (service: RunningService, config: AppConfig): void => {
  const text = bannerLines(service, config).join('\n');
  if (service.logFormat === 'pretty') {
    process.stdout.write(`${text}\n`);
    return;
  }
  service.app.log.info(
    {
      api: `${service.url}/api`,
      docs: `${service.url}/api/docs`,
      ...(service.webRoot === null
        ? { webApps: NOT_BUILT }
        : { storefront: `${service.url}/`, admin: `${service.url}/admin` }),
      network: service.network.network,
      usdt: service.chain.chain.usdt?.contractAddress ?? 'off',
      mail: service.mail,
      currencies: config.acceptedCurrencies,
      ...(lowBalanceAlert(config) === null ? {} : { alerts: lowBalanceAlert(config) }),
      ...(service.chain.devnet ? { devnet: service.chain.devnet.url } : {}),
      ...(metricsEndpoints(service, config).length > 0 ? { metrics: metricsEndpoints(service, config) } : {}),
    },
    'TRX Shop is running',
  );
  process.stderr.write(`${text}\n`);
};

const bannerLines = (service: RunningService, config: AppConfig): string[] => {
  const wsUrl = service.url.replace(/^http/, 'ws');
  const lines = [
    '',
    'TRX Shop is running',
    ...(service.webRoot === null
      ? [`  Web apps   ${NOT_BUILT}`]
      : [`  Storefront ${service.url}/`, `  Admin app  ${service.url}/admin`]),
    `  API        ${service.url}/api`,
    `  API docs   ${service.url}/api/docs`,
    `  WebSocket  ${wsUrl}/api/ws`,
    ...metricsEndpoints(service, config).map((endpoint) => `  Metrics    ${endpoint}`),
    `  Store      ${config.store.kind === 'mongodb' ? 'MongoDB' : `SQLite in ${config.dataDir}`}`,
    `  Currencies ${config.acceptedCurrencies.join(', ')}`,
    `  Chain      ${service.chain.description}`,
    `  Network    ${networkLine(service)}`,
    `  USDT       ${usdtLine(service, config)}`,
    `  Mail       ${service.mail}`,
    ...(lowBalanceAlert(config) === null ? [] : [`  Alerts     ${lowBalanceAlert(config)}`]),
  ];
  if (config.production && service.network.network === 'devnet') {
    lines.push('  WARNING    TRON_NETWORK=devnet in production: payments are worthless devnet TRX');
  }
  if (service.chain.devnet) {
    const { url } = service.chain.devnet;
    lines.push(
      `  Devnet     ${url} (TRON HTTP API; control API ${url}/devnet/*, see packages/tron-devnet/README.md)`,
    );
  }
  if (service.bootstrap.admin) lines.push(`  Admin      ${service.bootstrap.admin.email}`);
  else
    lines.push(`  Admin      none yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run ${adminCreateCommand()}`);
  if (service.bootstrap.generatedCredentials) {
    lines.push(
      `  Admin password (shown once, change it): ${service.bootstrap.generatedCredentials.password}`,
    );
  }
  if (service.demoProductsCreated > 0)
    lines.push(`  Demo       ${service.demoProductsCreated} products added`);
  return lines;
};
