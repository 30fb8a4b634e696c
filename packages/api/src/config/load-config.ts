import { parseTrxAmount } from '@trx-shop/domain';
import type { AppConfig, LogFormat, LogLevel } from './config.js';
import { isTronNetwork, TRON_NETWORKS } from './tron-network.js';
import { parseTrustProxy } from './trust-proxy.js';
import { parseDuration, parseDurationList } from './durations.js';
import { parseMailFrom, parsePublicUrl, parseSmtpUrl } from './mail-settings.js';
import { parseAcceptedCurrencies } from './accepted-currencies.js';
import { parseUsdtSettings } from './usdt-settings.js';

/** Standard Webhooks' suggested schedule: about 33 hours of retries after the first attempt. */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,10h';
/** Mail waits as webhooks do: about 33 hours of retries, through a relay's maintenance window. */
export const DEFAULT_MAIL_RETRY_SCHEDULE = DEFAULT_WEBHOOK_RETRY_SCHEDULE;

type Env = Readonly<Record<string, string | undefined>>;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const LOG_FORMATS: readonly LogFormat[] = ['auto', 'pretty', 'json'];
const HEX_KEY = /^[0-9a-fA-F]{64}$/;

/**
 * What the caller will use, so production requires only that: the service signs tokens and talks
 * to a node; `admin:create` and `keys:rotate` only seal and open values in the store.
 */
export interface ConfigNeeds {
  /** JWT_ACCESS_SECRET and JWT_REFRESH_SECRET. */
  readonly tokens: boolean;
  /** TRON_NETWORK, and TRON_FULL_HOST for a network other than devnet. */
  readonly chain: boolean;
  /** PUBLIC_URL: the links in the mail the service sends. */
  readonly links: boolean;
}

export const SERVICE_NEEDS: ConfigNeeds = { tokens: true, chain: true, links: true };

/**
 * Reads and validates every setting. All problems are collected so a bad deployment learns
 * everything wrong in one start, one line per variable.
 */
export const loadConfig = (
  env: Env,
  needs: ConfigNeeds = SERVICE_NEEDS,
): { ok: true; config: AppConfig } | { ok: false; problems: string[] } => {
  const problems: string[] = [];
  const text = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name}: must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
      return fallback;
    }
    return value;
  };
  const url = (name: string): string | null => {
    const raw = text(name);
    if (raw === null) return null;
    try {
      const parsed = new URL(raw);
      if (!['http:', 'https:', 'mongodb:', 'mongodb+srv:'].includes(parsed.protocol)) throw new Error();
      return raw;
    } catch {
      problems.push(`${name}: must be a URL, got ${JSON.stringify(raw)}`);
      return null;
    }
  };

  const flag = (name: string, fallback: boolean): boolean => {
    const raw = text(name);
    if (raw === null) return fallback;
    if (raw === 'true' || raw === 'false') return raw === 'true';
    problems.push(`${name}: must be true or false, got ${JSON.stringify(raw)}`);
    return fallback;
  };
  const durations = (name: string, fallback: string): number[] => {
    const parsed = parseDurationList(text(name) ?? fallback);
    if (parsed === null) {
      problems.push(`${name}: must be durations separated by commas, such as 5s,5m,2h,1d`);
      return parseDurationList(fallback) ?? [];
    }
    return parsed;
  };

  const duration = (name: string, fallback: string): number => {
    const parsed = parseDuration(text(name) ?? fallback);
    if (parsed === null) {
      problems.push(`${name}: must be a duration such as 12h or 5d`);
      return parseDuration(fallback) ?? 0;
    }
    return parsed;
  };

  const nodeEnv = text('NODE_ENV') ?? 'development';
  const production = nodeEnv === 'production';
  const logLevel = (text('LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL: must be one of ${LOG_LEVELS.join(', ')}`);
  const logFormat = (text('LOG_FORMAT') ?? 'auto') as LogFormat;
  if (!LOG_FORMATS.includes(logFormat)) problems.push(`LOG_FORMAT: must be one of ${LOG_FORMATS.join(', ')}`);

  const secret = (name: string, minLength: number): string | null => {
    const value = text(name);
    if (value === null) {
      if (production && needs.tokens) problems.push(`${name}: required when NODE_ENV=production`);
      return null;
    }
    if (value.length < minLength) problems.push(`${name}: must be at least ${minLength} characters`);
    return value;
  };
  const walletKey = text('WALLET_ENCRYPTION_KEY');
  if (walletKey === null && production)
    problems.push('WALLET_ENCRYPTION_KEY: required when NODE_ENV=production');
  if (walletKey !== null && !HEX_KEY.test(walletKey)) {
    problems.push('WALLET_ENCRYPTION_KEY: must be 64 hex characters (a 32-byte AES-256 key)');
  }
  const previousWalletKeys = (text('WALLET_ENCRYPTION_PREVIOUS_KEYS') ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key.length > 0);
  if (previousWalletKeys.some((key) => !HEX_KEY.test(key))) {
    problems.push('WALLET_ENCRYPTION_PREVIOUS_KEYS: must be a comma-separated list of 64-hex-character keys');
  }

  const mongoUri = url('MONGODB_URI');
  const tronFullHost = url('TRON_FULL_HOST');
  const networkText = text('TRON_NETWORK');
  const tronNetwork = networkText === null ? null : isTronNetwork(networkText) ? networkText : undefined;
  if (tronNetwork === undefined) problems.push(`TRON_NETWORK: must be one of ${TRON_NETWORKS.join(', ')}`);
  if (production && needs.chain && networkText === null) {
    problems.push(`TRON_NETWORK: required when NODE_ENV=production (one of ${TRON_NETWORKS.join(', ')})`);
  }
  if (needs.chain && tronNetwork && tronNetwork !== 'devnet' && text('TRON_FULL_HOST') === null) {
    problems.push(`TRON_FULL_HOST: required when TRON_NETWORK is ${tronNetwork} (the node to use)`);
  }
  const merchant = text('MERCHANT_WALLET_ADDRESS');
  if (merchant !== null && !/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(merchant)) {
    problems.push('MERCHANT_WALLET_ADDRESS: must be a TRON base58 address (T...)');
  }
  const adminEmail = text('ADMIN_EMAIL');
  const adminPassword = text('ADMIN_PASSWORD');
  if ((adminEmail === null) !== (adminPassword === null)) {
    problems.push('ADMIN_EMAIL / ADMIN_PASSWORD: set both or neither');
  }
  if (adminPassword !== null && adminPassword.length < 8) {
    problems.push('ADMIN_PASSWORD: must be at least 8 characters');
  }
  const corsOrigins = (text('CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin.length > 0);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      problems.push(`CORS_ORIGINS: ${JSON.stringify(origin)} is not an origin such as https://shop.example`);
    }
  }

  const trustProxy = parseTrustProxy(text('TRUST_PROXY'));
  if (!trustProxy.ok) problems.push(trustProxy.problem);

  const smtpText = text('SMTP_URL');
  const smtp = smtpText === null ? null : parseSmtpUrl(smtpText);
  if (smtp && !smtp.ok) problems.push(smtp.problem);
  const fromText = text('MAIL_FROM');
  const mailFrom = fromText === null ? null : parseMailFrom(fromText);
  if (mailFrom && !mailFrom.ok) problems.push(mailFrom.problem);
  if (smtpText !== null && fromText === null) {
    problems.push('MAIL_FROM: required when SMTP_URL is set (the address mail is sent from)');
  }
  const publicUrlText = text('PUBLIC_URL');
  const publicUrl = publicUrlText === null ? null : parsePublicUrl(publicUrlText);
  if (publicUrl && !publicUrl.ok) problems.push(publicUrl.problem);
  if (publicUrlText === null && production && needs.links) {
    problems.push(
      "PUBLIC_URL: required when NODE_ENV=production (the shop's public origin, such as https://shop.example, for links in mail)",
    );
  }
  const shopName = text('SHOP_NAME') ?? 'TRX Shop';
  // It heads every subject: a control character there would break or forge a mail header.
  if (/\p{Cc}/u.test(shopName) || shopName.length > 100) {
    problems.push('SHOP_NAME: must be one line of at most 100 characters, without control characters');
  }
  const lowBalanceText = text('MERCHANT_LOW_BALANCE_TRX');
  const lowBalance =
    lowBalanceText === null ? null : parseTrxAmount(lowBalanceText, { field: 'MERCHANT_LOW_BALANCE_TRX' });
  if (lowBalance && !lowBalance.ok) {
    problems.push(
      `MERCHANT_LOW_BALANCE_TRX: must be a positive TRX amount with at most 6 decimals, got ${JSON.stringify(lowBalanceText)}`,
    );
  }

  const listenerIntervalMs = integer('LISTENER_INTERVAL_MS', 15_000, 50, 86_400_000);
  // Without a declared network, the in-process devnet is the devnet; a given node stays unverified.
  const servedNetwork = tronNetwork ?? (tronFullHost === null ? 'devnet' : null);
  const usdt = parseUsdtSettings(text, integer, servedNetwork, problems);
  // Read raw: an empty value is a shop accepting nothing, refused, not the default.
  const acceptedCurrencies = parseAcceptedCurrencies(env.ACCEPTED_CURRENCIES, usdt !== null);
  if (!acceptedCurrencies.ok) problems.push(acceptedCurrencies.problem);
  const config: AppConfig = {
    production,
    host: text('HOST') ?? (production ? '0.0.0.0' : '127.0.0.1'),
    port: integer('PORT', 3000, 0, 65_535),
    dataDir: text('DATA_DIR') ?? './data',
    logLevel,
    logFormat,
    corsOrigins,
    rateLimitMax: integer('RATE_LIMIT_MAX', 300, 1, 10_000_000),
    authRateLimitMax: integer('AUTH_RATE_LIMIT_MAX', 10, 1, 10_000_000),
    trustProxy: trustProxy.ok ? trustProxy.value : false,
    webRoot: text('WEB_ROOT'),
    listenerIntervalMs,
    listenerLeaseMs: integer(
      'LISTENER_LEASE_MS',
      Math.max(30_000, listenerIntervalMs * 3),
      1_000,
      86_400_000,
    ),
    scanner: {
      startBlock: text('SCANNER_START_BLOCK') === null ? null : integer('SCANNER_START_BLOCK', 0, 0, 2 ** 40),
      maxBlocksPerRun: integer('SCANNER_MAX_BLOCKS_PER_RUN', 200, 1, 100_000),
      maxRequestsPerSecond: integer('SCANNER_MAX_REQUESTS_PER_SECOND', 10, 0, 100_000),
    },
    reconcile: {
      maxRequestsPerSecond: integer('RECONCILE_MAX_REQUESTS_PER_SECOND', 10, 0, 100_000),
    },
    eventRetentionDays: integer('EVENT_RETENTION_DAYS', 30, 1, 36_500),
    eventPollIntervalMs: integer('EVENT_POLL_INTERVAL_MS', 50, 10, 86_400_000),
    eventHoleGraceMs: integer('EVENT_HOLE_GRACE_MS', 2_000, 100, 600_000),
    metrics: {
      token: text('METRICS_TOKEN'),
      port: text('METRICS_PORT') === null ? null : integer('METRICS_PORT', 0, 0, 65_535),
      host: text('METRICS_HOST') ?? '127.0.0.1',
    },
    readiness: {
      maxScannerLagBlocks: integer('READY_MAX_SCANNER_LAG_BLOCKS', 100, 0, 10_000_000),
      maxEventLag: integer('READY_MAX_EVENT_LAG', 1_000, 0, 10_000_000),
    },
    webhooks: {
      retryScheduleMs: durations('WEBHOOK_RETRY_SCHEDULE', DEFAULT_WEBHOOK_RETRY_SCHEDULE),
      timeoutMs: integer('WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
      disableAfterMs: duration('WEBHOOK_DISABLE_AFTER', '5d'),
      allowPrivateHosts: flag('WEBHOOK_ALLOW_PRIVATE_HOSTS', false),
    },
    shopName,
    acceptedCurrencies: acceptedCurrencies.ok ? acceptedCurrencies.value : [],
    publicUrl: publicUrl?.ok ? publicUrl.value : null,
    mail: {
      smtp: smtp?.ok ? smtp.value : null,
      from: mailFrom?.ok ? mailFrom.value : null,
      retryScheduleMs: durations('MAIL_RETRY_SCHEDULE', DEFAULT_MAIL_RETRY_SCHEDULE),
      smtpTimeoutMs: integer('SMTP_TIMEOUT_MS', 30_000, 500, 300_000),
      requireEmailVerification: flag('REQUIRE_EMAIL_VERIFICATION', false),
      merchantLowBalanceSun: lowBalance?.ok ? lowBalance.value : null,
      merchantBalanceCheckMs: integer('MERCHANT_BALANCE_CHECK_INTERVAL_MS', 60_000, 100, 86_400_000),
    },
    argon2: {
      memoryKib: integer('ARGON2_MEMORY_KIB', 19_456, 1_024, 4_194_304),
      timeCost: integer('ARGON2_TIME_COST', 2, 1, 100),
    },
    store: mongoUri
      ? { kind: 'mongodb', uri: mongoUri, dbName: text('MONGODB_DB') ?? 'trx-shop' }
      : { kind: 'sqlite' },
    chain: tronFullHost
      ? { kind: 'tron', fullHost: tronFullHost, apiKey: text('TRON_API_KEY') }
      : {
          kind: 'devnet',
          port: integer('DEVNET_PORT', 0, 0, 65_535),
          blockIntervalMs: integer('DEVNET_BLOCK_INTERVAL_MS', 1_000, 0, 60_000),
          solidDepth: integer('DEVNET_SOLID_DEPTH', 3, 0, 100),
          airdropTrx: integer('DEVNET_AIRDROP_TRX', 1_000, 0, 1_000_000),
          airdropUsdt: integer('DEVNET_AIRDROP_USDT', 1_000, 0, 1_000_000),
        },
    tronNetwork: servedNetwork,
    usdt,
    merchantWalletAddress: merchant,
    secrets: {
      jwtAccess: secret('JWT_ACCESS_SECRET', 32),
      jwtRefresh: secret('JWT_REFRESH_SECRET', 32),
      walletKey,
      previousWalletKeys,
    },
    bootstrapAdmin: { email: adminEmail, password: adminPassword, username: text('ADMIN_USERNAME') },
  };
  if (config.secrets.jwtAccess !== null && config.secrets.jwtAccess === config.secrets.jwtRefresh) {
    problems.push('JWT_REFRESH_SECRET: must differ from JWT_ACCESS_SECRET');
  }
  if (production && needs.links && config.mail.requireEmailVerification && config.mail.smtp === null) {
    // Without a relay the verification mail stays queued, and no customer could pay or withdraw.
    problems.push(
      'REQUIRE_EMAIL_VERIFICATION: needs SMTP_URL when NODE_ENV=production (verification mail must go out)',
    );
  }
  if (config.listenerLeaseMs <= config.listenerIntervalMs) {
    // The leader renews once per run: a lease shorter than a run's interval changes hands every run.
    problems.push('LISTENER_LEASE_MS: must be longer than LISTENER_INTERVAL_MS');
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, config };
};
