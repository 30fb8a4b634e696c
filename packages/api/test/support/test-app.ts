import { randomBytes } from 'node:crypto';
import { createKeyVault, createTronChain } from '@trx-shop/chain-tron';
import type { AppDeps, AppSettings } from '../../src/app-deps.js';
import {
  type ChainPort,
  type Currency,
  dispatchWebhooks,
  fanOutWebhooks,
  type KeyVault,
  type Logger,
  relayOutbox,
  type ShopStore,
  type WebhookPolicy,
} from '@trx-shop/domain';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { withStoreCaches } from '../../src/caching/store-caches.js';
import { type RunningDevnet, startDevnet } from '@trx-shop/tron-devnet';
import type { FastifyInstance } from 'fastify';
import { createArgon2Hasher } from '../../src/adapters/argon2-hasher.js';
import { createObjectIdGenerator } from '../../src/adapters/object-id-generator.js';
import { createOtplibTotp } from '../../src/adapters/otplib-totp.js';
import { createApiKeyCodec } from '../../src/adapters/api-key-codec.js';
import { createAccountTokenCodec } from '../../src/adapters/account-token-codec.js';
import { createWebhookSender, type HostResolver } from '../../src/adapters/webhook-sender.js';
import { createWebhookSigner } from '../../src/adapters/webhook-signer.js';
import { createHttpServer, shopApp } from '../../src/app.js';
import type { MailDeliveryMode } from '../../src/config/mail-settings.js';
import { instrumentWebhookDeliveries } from '../../src/metrics/instrument.js';
import { createShopMetrics } from '../../src/metrics/shop-metrics.js';
import { createRoomHub, type RoomHub } from '../../src/realtime/room-hub.js';
import { createFakeClock, type FakeClock } from './fake-clock.js';
import { recordErrorAnswers, UnlistedErrorCodes, unlistedErrorAnswers } from './error-code-guard.js';
import { findLeaks, type Leak, LeakError, type RecordedResponse, recordResponses } from './leak-guard.js';
import { type RecordedEvent, recordingRooms } from './recording-notifier.js';

export interface TestAppOptions {
  /** A devnet shared by the test file; without one the harness starts (and stops) its own. */
  readonly devnet?: RunningDevnet;
  readonly production?: boolean;
  readonly corsOrigins?: readonly string[];
  readonly rateLimitMax?: number;
  readonly authRateLimitMax?: number;
  /** TRUST_PROXY: hops, or proxy addresses/CIDRs. */
  readonly trustProxy?: number | readonly string[];
  /** USDT_CONTRACT: true follows the devnet's Tether USD; default off (USDT_CONTRACT=off). */
  readonly usdt?: boolean;
  /** Replaces parts of the chain adapter the app uses (a USDT side on an unreachable node). */
  readonly wrapChain?: (chain: ChainPort) => ChainPort;
  /** MERCHANT_WALLET_ADDRESS (payments go there while no admin exists); default none. */
  readonly merchantAddress?: string | null;
  /** Extra routes registered before the app is ready (the leak guard's self-test). */
  readonly extraRoutes?: (app: FastifyInstance, parts: { store: ShopStore; vault: KeyVault }) => void;
  /** WebSocket keep-alive ping interval; short in tests of dead-connection dropping. */
  readonly wsPingIntervalMs?: number;
  /** A SQLite file instead of an in-memory database, for tests that edit the store behind the service. */
  readonly sqliteFile?: string;
  /** Opens another store instead of SQLite (a MongoDB one, for tests run on both stores); closed with the app. */
  readonly openStore?: () => Promise<ShopStore>;
  /** Runs on the bare server before the shop is registered (an onRoute hook, say). */
  readonly beforeShopApp?: (app: FastifyInstance) => void;
  /** How often the app's reader polls the event log (default 50 ms; long: only `frames()` reads). */
  readonly eventPollIntervalMs?: number;
  /** How long one read of the log for frames may take before it is abandoned (default 10 s). */
  readonly eventReadDeadlineMs?: number;
  /** What `/api/health/ready` tolerates. */
  readonly readiness?: { readonly maxScannerLagBlocks: number; readonly maxEventLag: number };
  /** Keep Prometheus metrics and serve `/metrics` to this Bearer token (default: no metrics). */
  readonly metricsToken?: string;
  /** JSON log lines go here, at info level (the default: silent). */
  readonly logStream?: { write(line: string): void };
  /** The built web apps' directory the app serves (default: none, the apps are not built). */
  readonly webRoot?: string;
  /** Where the service says mail goes (default: as without SMTP_URL, the mailbox outside production). */
  readonly mailDelivery?: MailDeliveryMode;
  /** REQUIRE_EMAIL_VERIFICATION: paying and withdrawing need a confirmed address (default off). */
  readonly requireEmailVerification?: boolean;
  /** ACCEPTED_CURRENCIES (default: every currency). */
  readonly acceptedCurrencies?: readonly Currency[];
  /** Webhook sending: private hosts allowed unless said (receivers listen on 127.0.0.1). */
  readonly webhooks?: {
    readonly allowPrivateHosts?: boolean;
    readonly resolve?: HostResolver;
    readonly timeoutMs?: number;
    readonly policy?: WebhookPolicy;
  };
}

/** Short enough for tests that retry on the fake clock; the production schedule is hours long. */
export const TEST_WEBHOOK_POLICY: WebhookPolicy = {
  retrySchedule: [5_000, 60_000],
  disableAfterMs: 86_400_000,
};

export interface TestApp {
  readonly app: FastifyInstance;
  readonly store: ShopStore;
  readonly clock: FakeClock;
  readonly devnet: RunningDevnet;
  readonly chain: ChainPort;
  readonly vault: KeyVault;
  /**
   * Relays the events state changes wrote to the log and delivers their frames to the rooms, as
   * the service's relay and delivery loops do; answers every frame delivered so far, in order.
   */
  frames(): Promise<readonly RecordedEvent[]>;
  /** The WebSocket rooms the app's reader of the event log feeds. */
  readonly hub: RoomHub;
  /**
   * As the service's dispatcher does, once: relays new events, turns them into deliveries and
   * attempts every delivery due on the fake clock (retries become due by advancing it).
   * Answers how many attempts were made.
   */
  dispatchWebhooks(): Promise<number>;
  readonly settings: AppSettings;
  /** Every response body sent so far. */
  readonly responses: readonly RecordedResponse[];
  /** Secrets found in the responses so far. */
  leaks(): Promise<Leak[]>;
  /** Checks the responses for leaks, then closes everything; rejects with a LeakError on a leak. */
  close(): Promise<void>;
}

/** USDT_FEE_LIMIT_TRX's default, 100 TRX. */
export const TEST_USDT_FEE_LIMIT_SUN = 100_000_000;

const silentLogger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** Effectively unlimited, so only tests that lower them meet the rate limits. */
const GENEROUS_LIMIT = 1_000_000;

export const startTestDevnet = (): Promise<RunningDevnet> => startDevnet({ blockIntervalMs: 0 });

/** The real app over a real in-memory SQLite store and a real devnet; only the clock is fake. */
export const createTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const ownDevnet = options.devnet ? null : await startTestDevnet();
  const devnet = options.devnet ?? (ownDevnet as RunningDevnet);
  const store = withStoreCaches(
    await (options.openStore?.() ?? openSqliteStore({ filename: options.sqliteFile ?? ':memory:' })),
  );
  const devnetChain = createTronChain({
    fullHost: devnet.url,
    timeoutMs: 5000,
    ...(options.usdt
      ? { usdt: { contractAddress: devnet.usdtContract, feeLimitCapSun: TEST_USDT_FEE_LIMIT_SUN } }
      : {}),
  });
  const chain = options.wrapChain ? options.wrapChain(devnetChain) : devnetChain;
  const vault = createKeyVault({ currentKeyId: 'test', keys: new Map([['test', randomBytes(32)]]) });
  const clock = createFakeClock();
  const hub = createRoomHub();
  const { rooms, delivered } = recordingRooms(hub);
  const webhooks = {
    sender: createWebhookSender({
      allowPrivateHosts: options.webhooks?.allowPrivateHosts ?? true,
      timeoutMs: options.webhooks?.timeoutMs ?? 2_000,
      ...(options.webhooks?.resolve ? { resolve: options.webhooks.resolve } : {}),
    }),
    signer: createWebhookSigner(),
  };
  const deps: AppDeps = {
    store,
    chain,
    vault,
    passwords: createArgon2Hasher({ memoryKib: 1024, timeCost: 1 }),
    totp: createOtplibTotp(),
    clock,
    ids: createObjectIdGenerator(),
    rooms,
    webhooks,
    apiKeyCodec: createApiKeyCodec(),
    accountTokenCodec: createAccountTokenCodec(),
    ...(options.metricsToken === undefined ? {} : { metrics: createShopMetrics() }),
    configuredMerchantAddress: options.merchantAddress ?? null,
    ...(options.requireEmailVerification === undefined
      ? {}
      : { requireEmailVerification: options.requireEmailVerification }),
    ...(options.acceptedCurrencies === undefined ? {} : { acceptedCurrencies: options.acceptedCurrencies }),
  };
  const settings: AppSettings = {
    production: options.production ?? false,
    jwtAccessSecret: randomBytes(32).toString('base64url'),
    jwtRefreshSecret: randomBytes(32).toString('base64url'),
    corsOrigins: options.corsOrigins ?? [],
    rateLimitMax: options.rateLimitMax ?? GENEROUS_LIMIT,
    authRateLimitMax: options.authRateLimitMax ?? GENEROUS_LIMIT,
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    logLevel: options.logStream ? 'info' : (process.env.TEST_LOG_LEVEL ?? 'silent'),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.eventPollIntervalMs === undefined
      ? {}
      : { eventPollIntervalMs: options.eventPollIntervalMs }),
    ...(options.eventReadDeadlineMs === undefined
      ? {}
      : { eventReadDeadlineMs: options.eventReadDeadlineMs }),
    ...(options.readiness ? { readiness: options.readiness } : {}),
    ...(options.metricsToken === undefined ? {} : { metricsToken: options.metricsToken }),
    ...(options.wsPingIntervalMs === undefined ? {} : { wsPingIntervalMs: options.wsPingIntervalMs }),
    ...(options.webRoot === undefined ? {} : { webRoot: options.webRoot }),
    ...(options.mailDelivery === undefined ? {} : { mailDelivery: options.mailDelivery }),
  };
  const app = createHttpServer(settings);
  options.beforeShopApp?.(app);
  await app.register(shopApp, { deps, settings });
  const responses = recordResponses(app);
  const errorAnswers = recordErrorAnswers(app);
  options.extraRoutes?.(app, { store, vault });
  await app.ready();

  // The service's relay loop, in small: every 50 ms, and one relay at a time with the explicit
  // ones of frames(), so no two relays take numbers for one event (a hole would wait on the
  // fake clock's grace period).
  let relaying: Promise<unknown> = Promise.resolve();
  const relay = () => {
    const next = relaying.then(() => relayOutbox({ store, clock }));
    relaying = next.catch(() => {});
    return next;
  };
  const relayTimer = setInterval(() => void relay().catch(() => {}), 50);
  relayTimer.unref();

  // The webhook cursor starts where the log stands now, as at a service's first start.
  await fanOutWebhooks({ store, clock, ids: deps.ids }, { holeGraceMs: 2_000 });

  let closed: Promise<void> | null = null;
  const leaks = () => findLeaks(responses, store, vault);
  return {
    app,
    store,
    clock,
    devnet,
    chain,
    vault,
    dispatchWebhooks: async () => {
      await relay();
      // The service's dispatcher counts recorded attempts in the metrics (start-service.ts).
      const webhookStore = deps.metrics
        ? instrumentWebhookDeliveries(store.webhooks, deps.metrics)
        : store.webhooks;
      const webhookDeps = {
        ...deps,
        ...webhooks,
        logger: silentLogger,
        store: { webhooks: webhookStore, eventLog: store.eventLog, chainCursors: store.chainCursors },
      };
      await fanOutWebhooks(webhookDeps, { holeGraceMs: 2_000 });
      let attempts = 0;
      for (;;) {
        const made = await dispatchWebhooks(webhookDeps, options.webhooks?.policy ?? TEST_WEBHOOK_POLICY, {
          holder: 'test-app',
          claimMs: 60_000,
          batchSize: 100,
        });
        attempts += made;
        if (made === 0) return attempts;
      }
    },
    frames: async () => {
      await relay();
      await app.eventDelivery.pump();
      return [...delivered];
    },
    hub,
    settings,
    responses,
    leaks,
    close: () => {
      closed ??= (async () => {
        // Every error answer the test made the app give must be one its document lists.
        const unlisted = unlistedErrorAnswers(app, errorAnswers);
        const found = await leaks().finally(async () => {
          clearInterval(relayTimer);
          await relaying;
          await app.close();
          await store.close();
          await ownDevnet?.stop();
        });
        if (found.length > 0) throw new LeakError(found);
        if (unlisted.length > 0) {
          throw new UnlistedErrorCodes(
            `error answers docs/openapi.json does not list (add them to src/http/operation-errors.ts): ${unlisted.join(', ')}`,
          );
        }
      })();
      return closed;
    },
  };
};
