import {
  createWebhook,
  dispatchWebhooks,
  fanOutWebhooks,
  type KeyVault,
  type Logger,
  type ShopEvent,
  type ShopStore,
  type WebhookDelivery,
  type WebhookDeps,
  type WebhookFieldsInput,
  type WebhookPolicy,
  type WebhookRequest,
  type WebhookResponse,
  type WebhookSender,
  type WebhookSigner,
} from '@trx-shop/domain';
import { buildShopEvent } from '@trx-shop/store-contract';
import { createMemoryStore } from '@trx-shop/store-memory';
import { expect } from 'vitest';
import { successOf } from './results.js';

/*
 * The webhook use cases' world: the memory store twin, a sender that records every request and
 * answers what the test scripted for its URL, a signer whose signature names the secret that made
 * it, a vault whose sealed text never shows the secret, and a clock the test moves.
 */

/** Where every world's clock starts: 1780315200 seconds since the epoch. */
export const START = new Date('2026-06-01T12:00:00.000Z');
export const HOLE_GRACE_MS = 2_000;
/** 5 s, 1 min, 10 min: four attempts in all. */
export const POLICY: WebhookPolicy = { retrySchedule: [5_000, 60_000, 600_000], disableAfterMs: 86_400_000 };
export const CLAIM_MS = 30_000;

export const OK: WebhookResponse = { statusCode: 200, latencyMs: 12, response: 'ok', error: null };
export const status = (statusCode: number): WebhookResponse => ({
  statusCode,
  latencyMs: 30,
  response: `status ${statusCode}`,
  error: null,
});
export const noAnswer = (error: string): WebhookResponse => ({
  statusCode: null,
  latencyMs: 10_000,
  response: '',
  error,
});

/** What the test's signer signs with: `v1,<secret>:<id>:<timestamp>`, so a test sees which secret signed. */
export const signature = (secret: string, id: string, timestamp: number): string =>
  `v1,${secret}:${id}:${timestamp}`;

/** Sealed for one owner, and unreadable as stored: the secret is base64 behind the owner's tag. */
export const sealedAs = (plaintext: string, ownerId: string): string =>
  `sealed:${ownerId}:${Buffer.from(plaintext).toString('base64')}`;

const vault: KeyVault = {
  seal: async (plaintext, ownerId) => sealedAs(plaintext, ownerId),
  open: async (sealed, ownerId) => {
    const prefix = `sealed:${ownerId}:`;
    if (!sealed.startsWith(prefix)) throw new Error('sealed for another owner');
    return Buffer.from(sealed.slice(prefix.length), 'base64').toString();
  },
  needsRotation: () => false,
};

export interface Warning {
  readonly context: Record<string, unknown>;
  readonly message: string;
}

export const createWebhookWorld = () => {
  const store: ShopStore = createMemoryStore();
  let now = START;
  let idCounter = 0;
  let secretCounter = 0;
  let urlCounter = 0;
  const sent: WebhookRequest[] = [];
  const scripted = new Map<string, WebhookResponse[]>();
  const refusals = new Map<string, string>();
  const warnings: Warning[] = [];
  const errors: Warning[] = [];

  const sender: WebhookSender = {
    send: async (request) => {
      sent.push(request);
      // Yield like a real request, so concurrent dispatchers interleave.
      await new Promise((resolve) => setImmediate(resolve));
      return scripted.get(request.url)?.shift() ?? OK;
    },
    refusal: async (url) => refusals.get(url) ?? null,
  };
  const signer: WebhookSigner = {
    newSecret: () => {
      secretCounter += 1;
      return `whsec_test${secretCounter}`;
    },
    sign: (secret, id, timestampSeconds) => signature(secret, id, timestampSeconds),
  };
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    warn: (context, message) => warnings.push({ context, message }),
    error: (context, message) => errors.push({ context, message }),
  };
  const deps: WebhookDeps = {
    store,
    sender,
    signer,
    vault,
    clock: { now: () => now },
    // Increasing 24-hex ids, like object ids, without a random counter that could wrap.
    ids: {
      newId: () => {
        idCounter += 1;
        return idCounter.toString(16).padStart(24, '0');
      },
    },
    logger,
  };

  const world = {
    deps,
    store,
    sent,
    warnings,
    errors,
    now: () => now,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    /** The sender answers these, in order, to the next requests to `url` (then 200). */
    answer: (url: string, ...responses: WebhookResponse[]) => {
      scripted.set(url, [...(scripted.get(url) ?? []), ...responses]);
    },
    refuse: (url: string, reason: string) => {
      refusals.set(url, reason);
    },
    /** A new endpoint (its own URL unless given), created now. */
    endpoint: async (input: WebhookFieldsInput = {}) => {
      urlCounter += 1;
      return successOf(await createWebhook(deps, { url: `https://hooks.example/${urlCounter}`, ...input }));
    },
    event: (overrides: Partial<ShopEvent> = {}): ShopEvent =>
      buildShopEvent({ occurredAt: now, ...overrides }),
    /** Logs the event now, as the relay does: a sequence number taken, then the insert. */
    log: async (event: ShopEvent, sequence?: number) =>
      store.eventLog.insert(event, sequence ?? (await store.eventLog.takeSequence()), now),
    fanOut: (on: WebhookDeps = deps) => fanOutWebhooks(on, { holeGraceMs: HOLE_GRACE_MS }),
    /**
     * The first fan-out: places the cursor at the newest event, so every event logged after is
     * queued. Tests create their endpoints first: admin changes may be logged as events too (the
     * audit trail), and those then stay behind the cursor.
     */
    start: async () => {
      expect(await fanOutWebhooks(deps, { holeGraceMs: HOLE_GRACE_MS })).toBe(0);
    },
    /** Where the log ends now: the next event logged takes a higher sequence. */
    newest: async () => (await store.eventLog.newestSequence()) ?? 0,
    dispatch: (
      holder = 'instance-a',
      policy: WebhookPolicy = POLICY,
      on: WebhookDeps = deps,
      batchSize = 50,
    ) => dispatchWebhooks(on, policy, { holder, claimMs: CLAIM_MS, batchSize }),
    deliveriesOf: async (endpointId: string): Promise<readonly WebhookDelivery[]> =>
      (await store.webhooks.listDeliveries(endpointId, { page: 1, limit: 100 })).items,
    delivery: async (id: string): Promise<WebhookDelivery> => {
      const found = await store.webhooks.findDelivery(id);
      if (!found) throw new Error(`no delivery ${id}`);
      return found;
    },
    /** Logs one event and fans it out: the delivery queued for `endpointId`. */
    queue: async (endpointId: string, overrides: Partial<ShopEvent> = {}) => {
      const event = world.event(overrides);
      await world.log(event);
      await world.fanOut();
      const delivery = (await world.deliveriesOf(endpointId)).find((queued) => queued.eventId === event.id);
      if (!delivery) throw new Error(`event ${event.id} was not queued for ${endpointId}`);
      return { event, delivery };
    },
  };
  return world;
};

export type WebhookWorld = ReturnType<typeof createWebhookWorld>;
