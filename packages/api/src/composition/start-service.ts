import { hostname } from 'node:os';
import type { ScheduledTask } from '@trx-shop/domain';
import type { FastifyInstance } from 'fastify';
import { createArgon2Hasher } from '../adapters/argon2-hasher.js';
import { domainLogger } from '../adapters/fastify-logger.js';
import { createObjectIdGenerator } from '../adapters/object-id-generator.js';
import { createOtplibTotp } from '../adapters/otplib-totp.js';
import { systemClock } from '../adapters/system-clock.js';
import type { AppDeps } from '../app-deps.js';
import { createHttpServer, type ShopAppOptions, shopApp } from '../app.js';
import type { AppConfig } from '../config/config.js';
import { resolveSecrets } from '../config/secrets-file.js';
import { createIntervalScheduler } from '../adapters/interval-scheduler.js';
import { createApiKeyCodec } from '../adapters/api-key-codec.js';
import { createAccountTokenCodec } from '../adapters/account-token-codec.js';
import { createWebhookSender } from '../adapters/webhook-sender.js';
import { createWebhookSigner } from '../adapters/webhook-signer.js';
import {
  instrumentChain,
  instrumentWebhookDeliveries,
  instrumentWebhookSender,
} from '../metrics/instrument.js';
import { type MetricsServer, startMetricsServer } from '../metrics/metrics-server.js';
import { createShopMetrics } from '../metrics/shop-metrics.js';
import { startEventRelay } from './event-relay.js';
import { startWebhookDispatcher } from './webhook-dispatcher.js';
import { chooseMailDelivery, mailDeliveryMode } from './mail-delivery.js';
import { startMailDispatcher } from './mail-dispatcher.js';
import { startMailFanOut } from './mail-fan-out.js';
import { startMerchantBalanceWatch } from './merchant-balance-watch.js';
import { ownOrigin } from '../config/mail-settings.js';
import { createRoomHub } from '../realtime/room-hub.js';
import { identityDeps, paymentDeps } from '../use-case-deps.js';
import { startSettlementListener } from './settlement-listener.js';
import { type BootstrapResult, ensureBootstrapAdmin } from './bootstrap-admin.js';
import { seedDemoProducts } from './demo-products.js';
import { deferredLogger } from './deferred-logger.js';
import { checkSealedKeys } from './check-sealed-keys.js';
import { heldKeysOf, joinKeyHolders, startUpKeyConflictProblem } from './key-holders.js';
import { keyVaultFromSecrets } from './key-vault-from-secrets.js';
import { type OpenedChain, openConfiguredChain, reconcileRequestsPerSecond } from './open-chain.js';
import { openConfiguredStore } from './open-store.js';
import { type VerifiedNetwork, verifyNetwork } from './verify-network.js';
import { verifyUsdtContract } from './verify-usdt.js';
import { resolveWebRoot } from './web-root.js';

export interface RunningService {
  readonly app: FastifyInstance;
  readonly url: string;
  readonly chain: OpenedChain;
  /** The network the node serves, checked against TRON_NETWORK. */
  readonly network: VerifiedNetwork;
  readonly bootstrap: BootstrapResult;
  readonly demoProductsCreated: number;
  /** How the log is written: the banner keeps JSON output free of anything but JSON lines. */
  readonly logFormat: 'pretty' | 'json';
  /** Where METRICS_PORT's own server answers `/metrics`; null when it is not set. */
  readonly metricsServerUrl: string | null;
  /** The built web apps' directory; null: not built, `/` says so. */
  readonly webRoot: string | null;
  /** Where mail goes (the banner's line). */
  readonly mail: string;
  /** Stops accepting, finishes in-flight requests, then closes the store and the devnet. */
  stop(): Promise<void>;
}

/** Builds the app and compiles its schemas (app.ready), closing it again if that fails. */
const buildReadyApp = async (
  options: ShopAppOptions,
  onBuilt: (app: FastifyInstance) => void,
): Promise<FastifyInstance> => {
  const app = createHttpServer(options.settings);
  onBuilt(app);
  try {
    await app.register(shopApp, options);
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
};

/** The start-up order of docs/decisions.md section 1, from validated configuration to listening. */
export const startService = async (config: AppConfig): Promise<RunningService> => {
  const web = resolveWebRoot(config.webRoot);
  if (!web.ok) throw new Error(web.problem);
  const secrets = await resolveSecrets(config);
  const metrics = createShopMetrics();
  const store = await openConfiguredStore(config, {
    onCustomerSearch: (outcome) => metrics.memoizedAnswers.inc({ kind: 'customer_search', outcome }),
  });
  const vault = keyVaultFromSecrets(secrets.walletKey, secrets.previousWalletKeys);
  const ids = createObjectIdGenerator();
  const startupLog = deferredLogger();
  const instanceId = `${hostname()}:${process.pid}:${ids.newId()}`;
  // From here on the store lists this instance with the keys it holds, until it stops.
  const joined = await joinKeyHolders(
    {
      store,
      clock: systemClock,
      scheduler: createIntervalScheduler((error) =>
        startupLog.logger.warn({ err: String(error) }, 'renewing this instance among the key holders failed'),
      ),
    },
    { id: instanceId, kind: 'service', ...heldKeysOf(secrets.walletKey, secrets.previousWalletKeys) },
  ).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  if (!joined.ok) {
    await store.close();
    throw new Error(startUpKeyConflictProblem(joined.conflict));
  }
  const closeStore = async () => {
    try {
      await joined.membership.leave();
    } finally {
      await store.close();
    }
  };
  const keyProblem = await checkSealedKeys(store, vault, {
    current: secrets.walletKey,
    previous: secrets.previousWalletKeys,
  }).catch(async (error: unknown) => {
    await closeStore();
    throw error;
  });
  if (keyProblem !== null) {
    await closeStore();
    throw new Error(keyProblem);
  }
  const chain = await openConfiguredChain(config).catch(async (error: unknown) => {
    await closeStore();
    throw error;
  });
  if (chain.notice) startupLog.logger.warn({}, chain.notice);
  const network = await verifyNetwork(chain.chain, config, startupLog.logger)
    .then(async (verified) => {
      await verifyUsdtContract(chain.chain.usdt);
      return verified;
    })
    .catch(async (error: unknown) => {
      await closeStore();
      await chain.devnet?.stop();
      throw error;
    });
  const rooms = createRoomHub();
  const webhooks = {
    sender: instrumentWebhookSender(
      createWebhookSender({
        allowPrivateHosts: config.webhooks.allowPrivateHosts,
        timeoutMs: config.webhooks.timeoutMs,
      }),
      metrics,
    ),
    signer: createWebhookSigner(),
  };
  const deps: AppDeps = {
    store,
    chain: instrumentChain(chain.chain, metrics),
    metrics,
    apiKeyCodec: createApiKeyCodec(),
    accountTokenCodec: createAccountTokenCodec(),
    vault,
    passwords: createArgon2Hasher(config.argon2),
    totp: createOtplibTotp(),
    clock: systemClock,
    ids,
    rooms,
    webhooks,
    ...(chain.funding ? { funding: chain.funding } : {}),
    configuredMerchantAddress: config.merchantWalletAddress,
    requireEmailVerification: config.mail.requireEmailVerification,
    acceptedCurrencies: config.acceptedCurrencies,
    reconcileRequestsPerSecond: reconcileRequestsPerSecond(config),
  };
  const logFormat =
    config.logFormat === 'auto' ? (process.stdout.isTTY ? 'pretty' : 'json') : config.logFormat;
  const appOptions: ShopAppOptions = {
    deps,
    settings: {
      production: config.production,
      jwtAccessSecret: secrets.jwtAccess,
      jwtRefreshSecret: secrets.jwtRefresh,
      corsOrigins: config.corsOrigins,
      rateLimitMax: config.rateLimitMax,
      authRateLimitMax: config.authRateLimitMax,
      trustProxy: config.trustProxy,
      logLevel: config.logLevel,
      logFormat,
      eventPollIntervalMs: config.eventPollIntervalMs,
      eventHoleGraceMs: config.eventHoleGraceMs,
      eventRetentionMs: config.eventRetentionDays * 86_400_000,
      readiness: config.readiness,
      metricsToken: config.metrics.token,
      webRoot: web.root,
      mailDelivery: mailDeliveryMode(config),
    },
  };

  // The bootstrap admin (its argon2 hash runs on the thread pool) is made while the main thread
  // builds the app and compiles the routes' schemas; listening waits for both. Its log lines go
  // to the app's logger once the app exists.
  const bootstrapLog = deferredLogger();
  const [bootstrapped, built] = await Promise.allSettled([
    ensureBootstrapAdmin(identityDeps(deps, bootstrapLog.logger), config),
    buildReadyApp(appOptions, (app) => {
      bootstrapLog.attach(domainLogger(app.log));
      startupLog.attach(domainLogger(app.log));
    }),
  ]);
  if (built.status === 'rejected') {
    await closeStore();
    await chain.devnet?.stop();
    throw built.reason;
  }
  const app = built.value;
  const logger = domainLogger(app.log);

  let listener: ScheduledTask | null = null;
  let relay: ScheduledTask | null = null;
  let dispatcher: ScheduledTask | null = null;
  let mailDispatcher: ScheduledTask | null = null;
  let mailFanOut: ScheduledTask | null = null;
  let balanceWatch: ScheduledTask | null = null;
  let metricsServer: MetricsServer | null = null;
  // Graceful: stop accepting and finish in-flight requests, let the listener finish its run,
  // then close the store and the devnet.
  const stopAll = async () => {
    await app.close();
    await listener?.stop();
    await relay?.stop();
    await dispatcher?.stop();
    await mailFanOut?.stop();
    await mailDispatcher?.stop();
    await balanceWatch?.stop();
    await metricsServer?.close();
    await closeStore();
    await chain.devnet?.stop();
  };
  try {
    if (bootstrapped.status === 'rejected') throw bootstrapped.reason;
    const bootstrap = bootstrapped.value;
    // Demo products only where nothing is real: the in-process devnet, outside production.
    const demoProductsCreated =
      config.chain.kind === 'devnet' && !config.production
        ? await seedDemoProducts(
            { products: store.products, clock: systemClock, ids },
            bootstrap.admin?.id ?? null,
          )
        : 0;
    const url = await app.listen({ host: config.host, port: config.port });
    if (config.metrics.port !== null) {
      metricsServer = await startMetricsServer(metrics, {
        host: config.metrics.host,
        port: config.metrics.port,
      });
      logger.info({ url: metricsServer.url }, 'metrics listening');
    }
    relay = startEventRelay({
      deps,
      scheduler: createIntervalScheduler((error) =>
        logger.warn({ err: String(error) }, 'event relay run failed'),
      ),
      intervalMs: config.eventPollIntervalMs,
      instanceId,
    });
    dispatcher = startWebhookDispatcher({
      deps: {
        ...deps,
        ...webhooks,
        logger,
        store: {
          webhooks: instrumentWebhookDeliveries(store.webhooks, metrics),
          eventLog: store.eventLog,
          chainCursors: store.chainCursors,
          leases: store.leases,
        },
      },
      policy: {
        retrySchedule: config.webhooks.retryScheduleMs,
        disableAfterMs: config.webhooks.disableAfterMs,
      },
      scheduler: createIntervalScheduler((error) =>
        logger.warn({ err: String(error) }, 'webhook dispatch failed'),
      ),
      intervalMs: config.eventPollIntervalMs,
      timeoutMs: config.webhooks.timeoutMs,
      holeGraceMs: config.eventHoleGraceMs,
      instanceId,
    });
    mailFanOut = startMailFanOut({
      deps: { store, vault, clock: systemClock },
      scheduler: createIntervalScheduler((error) =>
        logger.warn({ err: String(error) }, 'mail fan-out failed'),
      ),
      intervalMs: config.eventPollIntervalMs,
      holeGraceMs: config.eventHoleGraceMs,
      instanceId,
    });
    const lowBalanceSun = config.mail.merchantLowBalanceSun;
    // After the mail fan-out: on a new store its first run places its cursor at the newest event,
    // and a crossing logged before that would never be mailed.
    if (lowBalanceSun !== null) {
      balanceWatch = startMerchantBalanceWatch({
        deps: {
          store,
          chain: deps.chain,
          clock: systemClock,
          ids,
          configuredMerchantAddress: config.merchantWalletAddress,
        },
        logger,
        scheduler: createIntervalScheduler((error) =>
          logger.warn({ err: String(error) }, 'merchant balance check failed'),
        ),
        thresholdSun: lowBalanceSun,
        intervalMs: config.mail.merchantBalanceCheckMs,
      });
    }
    const mail = chooseMailDelivery(config, store, systemClock);
    if (mail.mailer === null) {
      logger.warn(
        {},
        'SMTP_URL is not set: mail stays queued, sealed, until it is (docs/operations.md, "Email")',
      );
    } else {
      mailDispatcher = startMailDispatcher({
        deps: {
          store,
          mailer: mail.mailer,
          vault,
          clock: systemClock,
          logger,
          shop: {
            name: config.shopName,
            // Outside production an unset PUBLIC_URL is this service's own address, known once it listens.
            publicUrl: config.publicUrl ?? ownOrigin(config.host, Number(new URL(url).port)),
          },
        },
        policy: { retrySchedule: config.mail.retryScheduleMs },
        scheduler: createIntervalScheduler((error) =>
          logger.warn({ err: String(error) }, 'mail dispatch failed'),
        ),
        intervalMs: config.eventPollIntervalMs,
        sendTimeoutMs: mail.sendTimeoutMs,
        instanceId,
      });
    }
    listener = startSettlementListener({
      deps: paymentDeps(deps, logger),
      scheduler: createIntervalScheduler((error) =>
        logger.error({ err: String(error) }, 'listener run failed'),
      ),
      intervalMs: config.listenerIntervalMs,
      leaseMs: config.listenerLeaseMs,
      scan: { startBlock: config.scanner.startBlock, maxBlocks: config.scanner.maxBlocksPerRun },
      instanceId,
      eventRetentionMs: config.eventRetentionDays * 86_400_000,
      onRun: (report, durationMs) => {
        metrics.listenerRuns.inc();
        metrics.listenerDuration.observe(durationMs / 1000);
        for (const [outcome, count] of Object.entries(report.outcomes)) {
          if (count > 0) metrics.listenerOutcomes.inc({ outcome }, count);
        }
      },
    });
    return {
      app,
      url,
      chain,
      network,
      bootstrap,
      demoProductsCreated,
      logFormat,
      metricsServerUrl: metricsServer?.url ?? null,
      webRoot: web.root,
      mail: mail.description,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
};
