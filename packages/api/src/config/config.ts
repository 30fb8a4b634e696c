import type { Currency, Sun } from '@trx-shop/domain';
import type { MailFrom, SmtpSettings } from './mail-settings.js';
import type { TronNetwork } from './tron-network.js';
import type { TrustProxy } from './trust-proxy.js';
import type { UsdtSettings } from './usdt-settings.js';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
/** LOG_FORMAT: `auto` (the default) is `pretty` when stdout is a terminal, else `json`. */
export type LogFormat = 'pretty' | 'json' | 'auto';

export interface AppConfig {
  readonly production: boolean;
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly logLevel: LogLevel;
  readonly logFormat: LogFormat;
  readonly corsOrigins: readonly string[];
  readonly rateLimitMax: number;
  readonly authRateLimitMax: number;
  /** TRUST_PROXY: proxy hops or proxy addresses/CIDRs; false when unset. */
  readonly trustProxy: TrustProxy;
  /** WEB_ROOT: the built web apps' directory; null: packages/web/dist when it is built. */
  readonly webRoot: string | null;
  readonly listenerIntervalMs: number;
  /**
   * LISTENER_LEASE_MS: how long the listener's leader holds its lease without renewing it; another
   * instance takes over this long after the leader died (default: 30 s, or 3 intervals if longer).
   */
  readonly listenerLeaseMs: number;
  /** The deposit scanner (docs/operations.md, "The deposit scanner"). */
  readonly scanner: {
    /** SCANNER_START_BLOCK: the first block of its first run; null starts at the solidified head. */
    readonly startBlock: number | null;
    /** SCANNER_MAX_BLOCKS_PER_RUN: how many blocks one listener run catches up at most. */
    readonly maxBlocksPerRun: number;
    /** SCANNER_MAX_REQUESTS_PER_SECOND: block reads per second against a real node (0: no limit). */
    readonly maxRequestsPerSecond: number;
  };
  /** Reconciliation (docs/operations.md, "Reconciling the ledger with the chain"). */
  readonly reconcile: {
    /** RECONCILE_MAX_REQUESTS_PER_SECOND: balance reads per second against a real node (0: no limit). */
    readonly maxRequestsPerSecond: number;
  };
  /** EVENT_RETENTION_DAYS: log entries that concern no order are compacted after this many days. */
  readonly eventRetentionDays: number;
  /** EVENT_POLL_INTERVAL_MS: how often events are relayed to the log and read from it for frames. */
  readonly eventPollIntervalMs: number;
  /** EVENT_HOLE_GRACE_MS: how long a reader of the log waits for a sequence number whose insert is late. */
  readonly eventHoleGraceMs: number;
  /** Prometheus metrics (docs/operations.md, "Metrics"): neither set, none are served. */
  readonly metrics: {
    /** METRICS_TOKEN: `/metrics` on the API port, for a scraper with this Bearer token. */
    readonly token: string | null;
    /** METRICS_PORT: a port of its own for `/metrics` (no token), on METRICS_HOST. */
    readonly port: number | null;
    /** METRICS_HOST: where METRICS_PORT listens (default 127.0.0.1: this machine only). */
    readonly host: string;
  };
  /** READY_MAX_SCANNER_LAG_BLOCKS, READY_MAX_EVENT_LAG: what `/api/health/ready` tolerates. */
  readonly readiness: { readonly maxScannerLagBlocks: number; readonly maxEventLag: number };
  /** Webhook delivery (docs/api.md, "Webhooks"; docs/operations.md, "Webhooks"). */
  readonly webhooks: {
    /** WEBHOOK_RETRY_SCHEDULE: the waits before each retry. */
    readonly retryScheduleMs: readonly number[];
    /** WEBHOOK_TIMEOUT_MS: a 2xx within this is a success. */
    readonly timeoutMs: number;
    /** WEBHOOK_DISABLE_AFTER: an endpoint failing this long is disabled. */
    readonly disableAfterMs: number;
    /** WEBHOOK_ALLOW_PRIVATE_HOSTS: loopback, private and link-local receivers allowed. */
    readonly allowPrivateHosts: boolean;
  };
  /** SHOP_NAME: how the shop names itself in mail (default "TRX Shop"). */
  readonly shopName: string;
  /**
   * ACCEPTED_CURRENCIES: what the shop sells in, in the domain's order (default TRX and USDT; TRX
   * alone while USDT is off).
   */
  readonly acceptedCurrencies: readonly Currency[];
  /**
   * PUBLIC_URL: the shop's public origin for links in mail, never taken from a request. Required
   * in production; null outside it when unset: the service's own address once it listens
   * (`ownOrigin(host, port)`), as PORT=0 is only known then.
   */
  readonly publicUrl: string | null;
  /** Email (docs/operations.md, "Email"). */
  readonly mail: {
    /** SMTP_URL; null: the embedded mailbox (development), or mail kept queued (production). */
    readonly smtp: SmtpSettings | null;
    /** MAIL_FROM; required with SMTP_URL. */
    readonly from: MailFrom | null;
    /** MAIL_RETRY_SCHEDULE: the waits before each retry of a mail the relay did not take. */
    readonly retryScheduleMs: readonly number[];
    /** SMTP_TIMEOUT_MS: the longest silence of the relay within one send; a send's claim lasts twice this + 5 s. */
    readonly smtpTimeoutMs: number;
    /** REQUIRE_EMAIL_VERIFICATION: paying and withdrawing wait for a verified address. */
    readonly requireEmailVerification: boolean;
    /** MERCHANT_LOW_BALANCE_TRX: admins are alerted below this merchant balance; null: never. */
    readonly merchantLowBalanceSun: Sun | null;
    /** MERCHANT_BALANCE_CHECK_INTERVAL_MS: how often the merchant balance is compared with it. */
    readonly merchantBalanceCheckMs: number;
  };
  readonly argon2: { readonly memoryKib: number; readonly timeCost: number };
  readonly store:
    | { readonly kind: 'sqlite' }
    | { readonly kind: 'mongodb'; readonly uri: string; readonly dbName: string };
  readonly chain:
    | {
        readonly kind: 'devnet';
        readonly port: number;
        readonly blockIntervalMs: number;
        readonly solidDepth: number;
        readonly airdropTrx: number;
        /** DEVNET_AIRDROP_USDT: whole USDT minted to each new wallet while USDT is on; 0 none. */
        readonly airdropUsdt: number;
      }
    | { readonly kind: 'tron'; readonly fullHost: string; readonly apiKey: string | null };
  /**
   * TRON_NETWORK, checked against the node's genesis block at start. null: a node given by
   * TRON_FULL_HOST outside production without a declared network (not verified, only logged).
   */
  readonly tronNetwork: TronNetwork | null;
  /**
   * USDT's token contract and fee settings (docs/operations.md, "USDT"); null: USDT_CONTRACT=off,
   * or no USDT_CONTRACT for a node whose network is not declared.
   */
  readonly usdt: UsdtSettings | null;
  readonly merchantWalletAddress: string | null;
  /** Secrets given by the environment; missing ones are generated into DATA_DIR outside production. */
  readonly secrets: {
    readonly jwtAccess: string | null;
    readonly jwtRefresh: string | null;
    readonly walletKey: string | null;
    readonly previousWalletKeys: readonly string[];
  };
  readonly bootstrapAdmin: {
    readonly email: string | null;
    readonly password: string | null;
    readonly username: string | null;
  };
}
