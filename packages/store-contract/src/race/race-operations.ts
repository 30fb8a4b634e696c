import type {
  AccountToken,
  AccountTokenKind,
  MailMessage,
  NewOrder,
  OrderRefund,
  OutgoingReservation,
  PaidTransfer,
  ShopEvent,
  ShopStore,
  StockChange,
  StockReservation,
  TransactionRecord,
  TransferClaim,
  User,
  VersionTopic,
} from '@trx-shop/domain';

/*
 * The operations the race tests run concurrently. Inputs and outputs are plain structured-clone
 * data (no class instances) so that worker threads and child processes can carry them.
 */

export type CreateOrderOutcome =
  | { readonly created: true; readonly orderId: string; readonly number: number }
  | { readonly created: false; readonly code: string; readonly pendingOrderId: string | null };

export type StatusChangeOutcome = 'changed' | 'ORDER_NOT_FOUND' | 'STATUS_MISMATCH' | 'PENDING_ORDER_EXISTS';

export const raceOperations = {
  async createOrder(store: ShopStore, order: NewOrder): Promise<CreateOrderOutcome> {
    const result = await store.orders.create(order);
    if (result.ok) return { created: true, orderId: result.value.id, number: result.value.number };
    const pending = result.error.data.pendingOrderId;
    return {
      created: false,
      code: result.error.code,
      pendingOrderId: typeof pending === 'string' ? pending : null,
    };
  },

  /** What another instance reads as a topic's version (its own connection). */
  async version(store: ShopStore, topic: VersionTopic): Promise<string> {
    return store.versions.current(topic);
  },

  /** An admin's price change made through another instance. */
  async updateProductPrice(
    store: ShopStore,
    input: { productId: string; priceSun: number },
  ): Promise<boolean> {
    return (await store.products.update(input.productId, { priceSun: input.priceSun }, new Date())) !== null;
  },

  async nextCounterValue(store: ShopStore, name: string): Promise<number> {
    return store.counters.next(name);
  },

  /** A relay's batch of numbers: the first of `count` taken at once. */
  async takeEventSequences(store: ShopStore, count: number): Promise<number> {
    return store.eventLog.takeSequences(count);
  },

  async applyStockChange(store: ShopStore, input: { change: StockChange; at: Date }): Promise<number> {
    return store.products.applyStockChange(input.change, input.at);
  },

  /** The listener's purchase confirmation: pending -> completed with the purchase effect begun. */
  async completeWithPurchaseEffect(
    store: ShopStore,
    input: { orderId: string; paymentTxId?: string; at: Date },
  ): Promise<StatusChangeOutcome> {
    const result = await store.orders.changeStatus(input.orderId, {
      from: ['pending'],
      to: 'completed',
      beginEffect: 'purchase',
      ...(input.paymentTxId === undefined ? {} : { paymentTxId: input.paymentTxId }),
      at: input.at,
    });
    return result.ok ? 'changed' : result.error;
  },

  async claimPayment(store: ShopStore, input: { orderId: string; claim: TransferClaim }): Promise<boolean> {
    return store.orders.claimTransfer(input.orderId, 'payment', input.claim);
  },

  async claimRefund(
    store: ShopStore,
    input: { orderId: string; refund: OrderRefund; paid: PaidTransfer },
  ): Promise<boolean> {
    return store.orders.claimRefund(input.orderId, input.refund, input.paid);
  },

  /** A relay's insert: the logged event's sequence (the first insert's, whoever made it). */
  async insertEvent(
    store: ShopStore,
    input: { event: ShopEvent; sequence: number; at: Date },
  ): Promise<number> {
    return (await store.eventLog.insert(input.event, input.sequence, input.at)).sequence;
  },

  /** A dispatcher's claim: the ids it was given (each must be given to one dispatcher only). */
  async claimWebhookDeliveries(
    store: ShopStore,
    input: { now: Date; holder: string; until: Date; limit: number },
  ): Promise<string[]> {
    const claimed = await store.webhooks.claimDue(input.now, input.holder, input.until, input.limit);
    return claimed.map((delivery) => delivery.id);
  },

  /** A mail sender's claim: the ids it was given (each must be given to one sender only). */
  async claimMailMessages(
    store: ShopStore,
    input: { now: Date; holder: string; until: Date; limit: number },
  ): Promise<string[]> {
    const claimed = await store.mail.claimDue(input.now, input.holder, input.until, input.limit);
    return claimed.map((message) => message.id);
  },

  /** An instance queuing the mail of events another instance queues too: how many were new. */
  async enqueueMail(store: ShopStore, messages: readonly MailMessage[]): Promise<number> {
    return store.mail.enqueue(messages);
  },

  /** A reset or verification link followed on another instance: the token's id when this call got it. */
  async consumeAccountToken(
    store: ShopStore,
    input: { kind: AccountTokenKind; tokenHash: string; now: Date },
  ): Promise<string | null> {
    return (await store.accountTokens.consume(input.kind, input.tokenHash, input.now))?.id ?? null;
  },

  /** A new link asked for on another instance. */
  async replaceAccountToken(store: ShopStore, token: AccountToken): Promise<void> {
    await store.accountTokens.replace(token);
  },

  async hitWindow(store: ShopStore, input: { key: string; windowMs: number; now: Date }): Promise<number> {
    return (await store.windowCounters.hit(input.key, input.windowMs, input.now)).count;
  },

  /** An authenticated request's use of an API key. */
  async touchApiKey(store: ShopStore, input: { id: string; at: Date }): Promise<void> {
    await store.apiKeys.touch(input.id, input.at);
  },

  /**
   * An admin's revocation, with its audit event: the `revokedAt` of the key it answers (null when
   * there is none).
   */
  async revokeApiKey(
    store: ShopStore,
    input: { id: string; at: Date; events?: readonly ShopEvent[] },
  ): Promise<Date | null> {
    return (await store.apiKeys.revoke(input.id, input.at, input.events))?.revokedAt ?? null;
  },

  /** A sign-up on another instance: the user and their custodial wallet's address. */
  async insertUser(store: ShopStore, user: User): Promise<boolean> {
    return (await store.users.insert(user)).ok;
  },

  async reserveStock(store: ShopStore, reservation: StockReservation): Promise<boolean> {
    return store.products.reserveStock(reservation);
  },

  async reserveOutgoing(
    store: ShopStore,
    input: { reservation: OutgoingReservation; limitSun: number },
  ): Promise<boolean> {
    return store.walletReservations.reserve(input.reservation, input.limitSun);
  },

  async advanceChainCursor(
    store: ShopStore,
    input: { name: string; expected: number | null; next: number; at: Date },
  ): Promise<boolean> {
    return store.chainCursors.advance(input.name, input.expected, input.next, input.at);
  },

  async insertTransaction(store: ShopStore, record: TransactionRecord): Promise<'inserted' | 'exists'> {
    return store.transactions.insert(record);
  },

  async insertTransactions(
    store: ShopStore,
    records: readonly TransactionRecord[],
  ): Promise<readonly ('inserted' | 'exists')[]> {
    return store.transactions.insertMany(records);
  },

  /** A scanner's write of lines with their events, made through another connection. */
  async insertLinesWithEvents(
    store: ShopStore,
    input: { records: readonly TransactionRecord[]; events: readonly (readonly ShopEvent[])[] },
  ): Promise<readonly ('inserted' | 'exists')[]> {
    return store.transactions.insertMany(input.records, input.events);
  },

  async bindReceived(store: ShopStore, input: { id: string; orderId: string; at: Date }): Promise<boolean> {
    return store.transactions.linkReceived(input.id, { kind: 'bind', orderId: input.orderId }, input.at);
  },

  /** An instance recording what its look at the merchant wallet saw: whether it made the change. */
  async recordBalanceLow(
    store: ShopStore,
    input: { address: string; low: boolean; at: Date; events: readonly ShopEvent[] },
  ): Promise<boolean> {
    return store.balanceAlerts.recordLow(input.address, input.low, input.at, input.events);
  },

  async acquireLease(
    store: ShopStore,
    input: { name: string; holder: string; now: Date; ttlMs: number },
  ): Promise<boolean> {
    return store.leases.tryAcquire(input.name, input.holder, input.now, input.ttlMs);
  },
} as const;

type RaceOperations = typeof raceOperations;
export type RaceOperationName = keyof RaceOperations;
export type RaceInput<N extends RaceOperationName> = Parameters<RaceOperations[N]>[1];
export type RaceOutput<N extends RaceOperationName> = Awaited<ReturnType<RaceOperations[N]>>;

export const isRaceOperationName = (value: unknown): value is RaceOperationName =>
  typeof value === 'string' && Object.hasOwn(raceOperations, value);

/** Runs one race operation by name (what workers and in-process harnesses call). */
export const runRaceOperation = <N extends RaceOperationName>(
  operation: N,
  store: ShopStore,
  input: RaceInput<N>,
): Promise<RaceOutput<N>> => {
  // The correlation between N, its input and its output is lost when indexing the record.
  const run = raceOperations[operation] as (store: ShopStore, input: RaceInput<N>) => Promise<RaceOutput<N>>;
  return run(store, input);
};

/**
 * The in-process race for async drivers: every input starts before any finishes, spread
 * round-robin over `stores` (each its own connection/client on the same database).
 */
export const raceInProcess = <N extends RaceOperationName>(
  stores: readonly ShopStore[],
  operation: N,
  inputs: readonly RaceInput<N>[],
): Promise<RaceOutput<N>[]> => {
  if (stores.length === 0) throw new Error('raceInProcess needs at least one store');
  return Promise.all(
    inputs.map((input, index) =>
      runRaceOperation(operation, stores[index % stores.length] as ShopStore, input),
    ),
  );
};
