import {
  type AccountToken,
  type ApiKey,
  type KeyHolder,
  type Order,
  offsetOf,
  type Page,
  type PageRequest,
  pageOf,
  type Product,
  type LoggedEvent,
  type MailboxEntry,
  type MailMessage,
  type MailPreferences,
  type Session,
  type ShopEvent,
  type StockReservation,
  type TransactionRecord,
  type User,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WithdrawalRecord,
} from '@trx-shop/domain';

/**
 * Every record of the fake, in plain maps. Each port method reads and writes them without an
 * `await` in between, so on one JavaScript thread every method is one atomic step: the fake keeps
 * each invariant the way the real stores keep it with a guarded single-record write.
 */
export interface Tables {
  readonly users: Map<string, User>;
  readonly products: Map<string, Product>;
  /** productId -> effectKey -> quantity moved (the stock journal). */
  readonly stockJournal: Map<string, Map<string, number>>;
  /** productId -> key -> reservation. */
  readonly stockReservations: Map<string, Map<string, StockReservation>>;
  readonly orders: Map<string, Order>;
  readonly counters: Map<string, number>;
  readonly transactions: Map<string, TransactionRecord>;
  readonly sessions: Map<string, Session>;
  /** `${userId}\0${key}` -> record. */
  readonly withdrawals: Map<string, WithdrawalRecord>;
  readonly leases: Map<string, { holder: string; expiresAt: Date }>;
  readonly keyHolders: Map<string, KeyHolder>;
  readonly chainCursors: Map<string, number>;
  /** address -> key -> {amountSun, reservedAt}. */
  readonly walletReservations: Map<string, Map<string, { amountSun: number; reservedAt: Date }>>;
  /** `<source>\0<id>` -> events its record's state changes wrote, not yet relayed. */
  readonly outbox: Map<string, ShopEvent[]>;
  /** event id -> logged event. */
  readonly eventLog: Map<string, LoggedEvent>;
  readonly webhookEndpoints: Map<string, WebhookEndpoint>;
  readonly webhookDeliveries: Map<string, WebhookDelivery>;
  readonly apiKeys: Map<string, ApiKey>;
  readonly mailMessages: Map<string, MailMessage>;
  /** messageId -> the mail the embedded mailbox kept. */
  readonly mailbox: Map<string, MailboxEntry>;
  /** userId -> the mail preferences the user saved. */
  readonly mailPreferences: Map<string, MailPreferences>;
  /** `<kind>\0<userId>` -> the one live mailed token of that account and kind. */
  readonly accountTokens: Map<string, AccountToken>;
  /** topic key -> writes that moved it (VersionStore; version-store.ts). */
  readonly versions: Map<string, number>;
  /** wallet address -> whether it was last seen below MERCHANT_LOW_BALANCE_TRX, and since when. */
  readonly balanceAlerts: Map<string, { low: boolean; changedAt: Date }>;
}

export const emptyTables = (): Tables => ({
  users: new Map(),
  products: new Map(),
  stockJournal: new Map(),
  stockReservations: new Map(),
  orders: new Map(),
  counters: new Map(),
  transactions: new Map(),
  sessions: new Map(),
  withdrawals: new Map(),
  leases: new Map(),
  keyHolders: new Map(),
  chainCursors: new Map(),
  outbox: new Map(),
  eventLog: new Map(),
  walletReservations: new Map(),
  webhookEndpoints: new Map(),
  webhookDeliveries: new Map(),
  apiKeys: new Map(),
  mailMessages: new Map(),
  mailbox: new Map(),
  mailPreferences: new Map(),
  accountTokens: new Map(),
  versions: new Map(),
  balanceAlerts: new Map(),
});

/** Newest first, as every list of the API is: creation time, then id, descending. */
export const newestFirst = <T extends { readonly createdAt: Date; readonly id: string }>(
  a: T,
  b: T,
): number => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export const oldestFirst = <T extends { readonly createdAt: Date; readonly id: string }>(
  a: T,
  b: T,
): number => newestFirst(b, a);

export const pageFrom = <T>(sorted: readonly T[], request: PageRequest): Page<T> => {
  const offset = offsetOf(request);
  return pageOf(sorted.slice(offset, offset + request.limit), sorted.length, request);
};

/** The specified search: a case-insensitive literal substring. */
export const containsText = (haystack: string, needle: string): boolean =>
  haystack.toLowerCase().includes(needle.toLowerCase());
