import { createMemoryChain, type MemoryChainControls } from '@trx-shop/chain-contract';
import { relayOutbox, startEventDelivery } from '@trx-shop/domain';
import type {
  ChainPort,
  KeyVault,
  Logger,
  PaymentDeps,
  Product,
  ServiceEvent,
  ShopStore,
  User,
} from '@trx-shop/domain';
import { buildProduct, buildUser, newObjectId } from '@trx-shop/store-contract';
import { createMemoryStore } from '@trx-shop/store-memory';

export const TRX = 1_000_000;

/** A vault that seals by tagging the owner: enough to prove keys are opened for the right owner. */
const taggingVault: KeyVault = {
  seal: async (plaintext, ownerId) => `test:${ownerId}:${plaintext}`,
  open: async (sealed, ownerId) => {
    const prefix = `test:${ownerId}:`;
    if (!sealed.startsWith(prefix)) throw new Error('sealed for another owner');
    return sealed.slice(prefix.length);
  },
  needsRotation: () => false,
};

const silent: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

export interface RecordedEvent {
  readonly userId: string;
  readonly event: ServiceEvent;
}

/**
 * The payment use cases' world, all in memory: the store twin and the chain twin (both proven by
 * the contract suites the real adapters pass), a tagging vault, the frames the log delivers, a clock the
 * test moves. Everything a use case touches can be read back or wrapped to fail.
 */
export const createDomainWorld = () => {
  const store: ShopStore = createMemoryStore();
  const { chain, controls } = createMemoryChain();
  const delivered: RecordedEvent[] = [];
  let now = new Date('2026-06-01T12:00:00.000Z');
  const deps: PaymentDeps = {
    store,
    chain,
    vault: taggingVault,
    clock: { now: () => now },
    ids: { newId: () => newObjectId(now) },
    logger: silent,
    configuredMerchantAddress: null,
  };

  // Started on the empty log, so it delivers every event the test causes.
  const delivery = startEventDelivery(
    {
      eventLog: store.eventLog,
      // The admin room's frames are the event-frames test's business.
      notifier: {
        deliver: ({ userId, frame }) => delivered.push({ userId, event: frame }),
        deliverToAdmins: () => {},
      },
      clock: deps.clock,
    },
    { holeGraceMs: 1_000 },
  );
  /**
   * Every frame delivered so far, in order: the events state changes wrote are relayed to the log
   * and delivered from it, as the service's relay and delivery loops do.
   */
  const frames = async (): Promise<readonly RecordedEvent[]> => {
    await relayOutbox(deps);
    await (await delivery).pump();
    return [...delivered];
  };

  /** A user with a custodial wallet holding `trx` on the solidified chain. */
  const walletUser = async (trx: number, overrides: Partial<User> = {}): Promise<User> => {
    const wallet = await chain.createWallet();
    const base = buildUser({ createdAt: now, ...overrides });
    const user: User = {
      ...base,
      wallet: {
        address: wallet.address,
        encryptedPrivateKey: await taggingVault.seal(wallet.privateKey, base.id),
        externalAddress: null,
      },
    };
    const inserted = await store.users.insert(user);
    if (!inserted.ok) throw new Error(inserted.error.code);
    if (trx > 0) controls.fund(wallet.address, trx * TRX);
    return user;
  };

  return {
    deps,
    store,
    chain: chain as ChainPort,
    controls: controls as MemoryChainControls,
    frames,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    walletUser,
    /** The merchant: the first admin, with a funded wallet. */
    merchant: (trx = 100) =>
      walletUser(trx, { role: 'admin', createdAt: new Date('2020-01-01T00:00:00.000Z') }),
    product: async (overrides: Partial<Product> = {}): Promise<Product> =>
      store.products.insert(buildProduct({ createdAt: now, ...overrides })),
    balanceOf: (address: string | null) => chain.getConfirmedBalance(address ?? ''),
  };
};

export type DomainWorld = ReturnType<typeof createDomainWorld>;

/** The store with one member replaced, for injected faults (a crash at a chosen step). */
export const withStore = (world: DomainWorld, patch: Partial<ShopStore>): PaymentDeps => ({
  ...world.deps,
  store: { ...world.store, ...patch },
});

export class Crash extends Error {}
