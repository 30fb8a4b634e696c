import type { MailDeliveryMode } from './config/mail-settings.js';
import type { TrustProxy } from './config/trust-proxy.js';
import type { ShopMetrics } from './metrics/shop-metrics.js';
import type { RoomHub } from './realtime/room-hub.js';
import type {
  AccountMailLimits,
  VerificationResendLimits,
  AccountTokenCodec,
  ApiKeyCodec,
  ChainPort,
  Clock,
  Currency,
  IdGenerator,
  KeyVault,
  PasswordHasher,
  ShopStore,
  TotpPort,
  WebhookSender,
  WebhookSigner,
  WalletFunding,
} from '@trx-shop/domain';

/** Everything the HTTP app needs, built by the composition root (or by a test). */
export interface AppDeps {
  readonly store: ShopStore;
  readonly chain: ChainPort;
  readonly vault: KeyVault;
  readonly passwords: PasswordHasher;
  readonly totp: TotpPort;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** The WebSocket rooms sockets join, fed from the event log by this instance's reader. */
  readonly rooms: RoomHub;
  /** Makes and hashes API keys. */
  readonly apiKeyCodec: ApiKeyCodec;
  /** Makes and hashes the password-reset and email-verification tokens. */
  readonly accountTokenCodec: AccountTokenCodec;
  /** The Prometheus metrics the app feeds (request durations, gauges); absent: none kept. */
  readonly metrics?: ShopMetrics;
  /** Sends and signs webhook deliveries (the sender also vets endpoint URLs). */
  readonly webhooks: { readonly sender: WebhookSender; readonly signer: WebhookSigner };
  readonly funding?: WalletFunding;
  /** MERCHANT_WALLET_ADDRESS: receives payments when no admin exists yet. */
  readonly configuredMerchantAddress: string | null;
  /** REQUIRE_EMAIL_VERIFICATION: paying and withdrawing need a confirmed address (default off). */
  readonly requireEmailVerification?: boolean;
  /** ACCEPTED_CURRENCIES: what the shop sells in; absent: every currency (TRX and USDT). */
  readonly acceptedCurrencies?: readonly Currency[];
  /** RECONCILE_MAX_REQUESTS_PER_SECOND: balance reads per second of a reconciliation (0 or absent: no limit). */
  readonly reconcileRequestsPerSecond?: number;
}

export interface AppSettings {
  readonly production: boolean;
  readonly jwtAccessSecret: string;
  readonly jwtRefreshSecret: string;
  readonly corsOrigins: readonly string[];
  readonly rateLimitMax: number;
  readonly authRateLimitMax: number;
  readonly logLevel: string;
  /** `pretty` in a terminal (pino-pretty), else `json` (the default). */
  readonly logFormat?: 'pretty' | 'json';
  /** Where JSON log lines go instead of stdout (tests read them). */
  readonly logStream?: { write(line: string): void };
  /** Fastify `trustProxy` (TRUST_PROXY): hops or proxy addresses, when behind a reverse proxy. */
  readonly trustProxy?: TrustProxy;
  /** WebSocket keep-alive ping interval (default 30 s). */
  readonly wsPingIntervalMs?: number;
  /** EVENT_POLL_INTERVAL_MS: how often this instance reads the event log for frames (default 50 ms). */
  readonly eventPollIntervalMs?: number;
  /** EVENT_HOLE_GRACE_MS: how long a reader of the log waits for a late sequence (default 2 s). */
  readonly eventHoleGraceMs?: number;
  /** How long one read of the log for frames may take before it is abandoned (default 10 s). */
  readonly eventReadDeadlineMs?: number;
  /** EVENT_RETENTION_DAYS in ms (default 30 days). */
  readonly eventRetentionMs?: number;
  /** METRICS_TOKEN: `/metrics` on the API port answers with it as a Bearer token; absent: 404. */
  readonly metricsToken?: string | null;
  /** READY_MAX_SCANNER_LAG_BLOCKS and READY_MAX_EVENT_LAG: what `/api/health/ready` tolerates. */
  readonly readiness?: { readonly maxScannerLagBlocks: number; readonly maxEventLag: number };
  /** How often one address may ask for a reset link (default: 3 an hour). */
  readonly passwordResetLimits?: AccountMailLimits;
  /** How often one account may ask for a new verification link (default: 3 an hour). */
  readonly verificationResendLimits?: VerificationResendLimits;
  /** The built web apps' directory (an absolute path holding index.html); null or absent: not built. */
  readonly webRoot?: string | null;
  /** Where queued mail goes; absent: as without SMTP_URL (the mailbox, or held in production). */
  readonly mailDelivery?: MailDeliveryMode;
}
