import { createKeyVault, createTronChain } from '@trx-shop/chain-tron';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import type { AppDeps, AppSettings } from '../../src/app-deps.js';
import { createArgon2Hasher } from '../../src/adapters/argon2-hasher.js';
import { createObjectIdGenerator } from '../../src/adapters/object-id-generator.js';
import { createOtplibTotp } from '../../src/adapters/otplib-totp.js';
import { createApiKeyCodec } from '../../src/adapters/api-key-codec.js';
import { createAccountTokenCodec } from '../../src/adapters/account-token-codec.js';
import { createWebhookSender } from '../../src/adapters/webhook-sender.js';
import { createWebhookSigner } from '../../src/adapters/webhook-signer.js';
import { systemClock } from '../../src/adapters/system-clock.js';
import { buildApp } from '../../src/app.js';
import { createRoomHub } from '../../src/realtime/room-hub.js';

/** What a developer runs (from the repo root) to rewrite the committed document. */
export const OPENAPI_EXPORT_COMMAND =
  'pnpm --dir packages/api exec node --conditions=@trx-shop/source --import tsx ../../scripts/export-openapi.mjs';

/** docs/openapi.json, resolved from this file so the caller's working directory does not matter. */
export const COMMITTED_OPENAPI_URL = new URL('../../../../docs/openapi.json', import.meta.url);

/**
 * The document is made of route schemas only, so the deps are real but inert: nothing is ever
 * asked of them. The chain points at a port nobody listens on (createTronChain never dials on
 * its own), and every setting is a constant so no run-specific value can reach the document.
 */
export const generateOpenApiDocument = async (): Promise<unknown> => {
  const store = await openSqliteStore({ filename: ':memory:' });
  const hub = createRoomHub();
  const deps: AppDeps = {
    store,
    chain: createTronChain({ fullHost: 'http://127.0.0.1:9', timeoutMs: 1000 }),
    vault: createKeyVault({ currentKeyId: 'openapi', keys: new Map([['openapi', Buffer.alloc(32)]]) }),
    passwords: createArgon2Hasher({ memoryKib: 1024, timeCost: 1 }),
    totp: createOtplibTotp(),
    clock: systemClock,
    ids: createObjectIdGenerator(),
    rooms: hub,
    apiKeyCodec: createApiKeyCodec(),
    accountTokenCodec: createAccountTokenCodec(),
    webhooks: {
      sender: createWebhookSender({ allowPrivateHosts: false, timeoutMs: 1000 }),
      signer: createWebhookSigner(),
    },
    configuredMerchantAddress: null,
  };
  const settings: AppSettings = {
    production: false,
    jwtAccessSecret: 'openapi-export-access-secret-never-used',
    jwtRefreshSecret: 'openapi-export-refresh-secret-never-used',
    corsOrigins: [],
    rateLimitMax: 300,
    authRateLimitMax: 10,
    logLevel: 'silent',
  };
  const app = await buildApp({ deps, settings });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await store.close();
  }
};

/** The committed form: 2-space JSON ending in a newline. */
export const formatOpenApiDocument = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;
