import { hostname } from 'node:os';
import type { ScheduledTask } from '@trx-shop/domain';
import type { FastifyInstance } from 'fastify';
import { createArgon2Hasher } from '../adapters/argon2-hasher.js';
import { domainLogger } from '../adapters/fastify-logger.js';
import { createObjectIdGenerator } from '../adapters/object-id-generator.js';
import { createOtplibTotp } from '../adapters/otplib-totp.js';
import { systemClock } from '../adapters/system-clock.js';
import type { AppDeps } from '../app-deps.js';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config/config.js';
import { resolveSecrets } from '../config/secrets-file.js';
import { createIntervalScheduler } from '../adapters/interval-scheduler.js';
import { createRoomHub } from '../realtime/room-hub.js';
import { identityDeps, paymentDeps } from '../routes/route-options.js';
import { startSettlementListener } from './settlement-listener.js';
import { type BootstrapResult, ensureBootstrapAdmin } from './bootstrap-admin.js';
import { seedDemoProducts } from './demo-products.js';
import { keyVaultFromSecrets } from './key-vault-from-secrets.js';
import { type OpenedChain, openConfiguredChain } from './open-chain.js';
import { openConfiguredStore } from './open-store.js';

export interface RunningService {
  readonly app: FastifyInstance;
  readonly url: string;
  readonly chain: OpenedChain;
  readonly bootstrap: BootstrapResult;
  readonly demoProductsCreated: number;
  /** Stops accepting, finishes in-flight requests, then closes the store and the devnet. */
  stop(): Promise<void>;
}

/** The start-up order of decisions.md section 1, from validated configuration to listening. */
export const startService = async (config: AppConfig): Promise<RunningService> => {
  const secrets = await resolveSecrets(config);
  const store = await openConfiguredStore(config);
  const chain = await openConfiguredChain(config).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const ids = createObjectIdGenerator();
  const hub = createRoomHub();
  const deps: AppDeps = {
    store,
    chain: chain.chain,
    vault: keyVaultFromSecrets(secrets.walletKey, config.secrets.previousWalletKeys),
    passwords: createArgon2Hasher(config.argon2),
    totp: createOtplibTotp(),
    clock: systemClock,
    ids,
    notifier: hub,
    ...(chain.funding ? { funding: chain.funding } : {}),
    configuredMerchantAddress: config.merchantWalletAddress,
  };
  const app = await buildApp({
    deps,
    hub,
    settings: {
      production: config.production,
      jwtAccessSecret: secrets.jwtAccess,
      jwtRefreshSecret: secrets.jwtRefresh,
      corsOrigins: config.corsOrigins,
      rateLimitMax: config.rateLimitMax,
      authRateLimitMax: config.authRateLimitMax,
      logLevel: config.logLevel,
    },
  });
  const logger = domainLogger(app.log);

  let listener: ScheduledTask | null = null;
  // Graceful: stop accepting and finish in-flight requests, let the listener finish its run,
  // then close the store and the devnet.
  const stopAll = async () => {
    await app.close();
    await listener?.stop();
    await store.close();
    await chain.devnet?.stop();
  };
  try {
    const bootstrap = await ensureBootstrapAdmin(identityDeps(deps, logger), config);
    const demoProductsCreated =
      config.chain.kind === 'devnet'
        ? await seedDemoProducts(
            { products: store.products, clock: systemClock, ids },
            bootstrap.admin?.id ?? null,
          )
        : 0;
    const url = await app.listen({ host: config.host, port: config.port });
    listener = startSettlementListener({
      deps: paymentDeps(deps, logger),
      scheduler: createIntervalScheduler((error) =>
        logger.error({ err: String(error) }, 'listener run failed'),
      ),
      intervalMs: config.listenerIntervalMs,
      instanceId: `${hostname()}:${process.pid}:${ids.newId()}`,
    });
    return { app, url, chain, bootstrap, demoProductsCreated, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
};
