import type {
  AccountToken,
  ApiKey,
  ApiKeyScope,
  EventActor,
  EventSubjects,
  LoggedEvent,
  MailAttempt,
  MailboxEntry,
  MailClaim,
  MailMessage,
  MailPreferences,
  Order,
  Product,
  ReconciliationReport,
  Session,
  ShopEvent,
  TransactionRecord,
  User,
  WebhookAttempt,
  WebhookClaim,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookSecret,
  WithdrawalRecord,
} from '@trx-shop/domain';

/*
 * The stored shape of each collection. `_id` is the domain's 24-hex id kept as a string (not an
 * ObjectId): both stores then hold the same id text, nothing converts ids at the edge, and a
 * string that is not an ObjectId can never silently miss a lookup. Money fields are JS numbers
 * holding integer SUN (BSON int32, or double above 2^31, which is exact for every integer up to
 * 2^53; the domain's limits keep every amount and every sum far below that).
 */

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A record whose state changes write events: those not yet relayed to the log sit in its own
 * `outbox`, written by the same single-document update as the change (no transactions: the
 * record is the only document written). Absent on records stored before their kind had events;
 * the first `$push` creates it.
 */
export interface OutboxHolder {
  _id: string;
  outbox?: StoredShopEvent[];
}

/**
 * An event as stored, in an outbox or the log: those stored before events had actors and
 * webhook subjects lack both (`eventFromStored` reads them as none).
 */
export type StoredShopEvent = Omit<ShopEvent, 'actor' | 'subjects'> & {
  actor?: (Omit<EventActor, 'address'> & { address?: string | null }) | null;
  subjects: Omit<EventSubjects, 'webhookId'> & { webhookId?: string | null };
};

export interface UserDocument extends Mutable<Omit<User, 'id' | 'emailVerified'>>, OutboxHolder {
  _id: string;
  /** Absent on users stored before addresses were verified: they count as verified. */
  emailVerified?: boolean;
  /** Lower-cased email: its unique index makes email unique case-insensitively. */
  emailKey: string;
  /** Lower-cased username, unique for the same reason. */
  usernameKey: string;
  /**
   * The distinct trigrams of `emailKey` / `usernameKey` (search-grams.ts), kept with every write of
   * the key: the customer search's candidate filter, each with a multikey index.
   */
  emailGrams: string[];
  usernameGrams: string[];
  /**
   * The custodial address, or `none:<_id>` without one: a unique index on it serves the deposit
   * scanner's lookup, and a unique index cannot hold two nulls (nor may it be partial: section 13).
   */
  walletAddressKey: string;
  /** Set with a write that can change whom a customer search matches, until its version moved (marked-versions.ts). */
  searchMark?: string;
  /** Set with a write that gives an address a holder, until the wallet holders' version moved. */
  holdersMark?: string;
}

/** What a stock effect moved, remembered inside the product so the CAS update can check it. */
export interface StockJournalEntry {
  key: string;
  quantity: number;
}

/** Units held for one order line while its payment is in flight; their sum is `reservedStock`. */
export interface StockReservationEntry {
  key: string;
  quantity: number;
  reservedAt: Date;
}

export interface ProductDocument extends Mutable<Omit<Product, 'id' | 'priceUsdt'>>, OutboxHolder {
  _id: string;
  /** Absent on products stored before USDT prices: read as null. */
  priceUsdt?: number | null;
  stockJournal: StockJournalEntry[];
  stockReservations: StockReservationEntry[];
  /** productSearchText of the name and description: what a search's needle must be a part of. */
  searchText: string;
  /** Set with a public change until the catalogue version has moved for it (marked-versions.ts). */
  catalogueMark?: string;
}

/** A version of marked-versions.ts (`catalogue`, `user-orders:<userId>`, `customer-search`, `wallet-holders`); `epoch` random per document. */
export interface VersionDocument {
  _id: string;
  epoch: string;
  version: number;
}

export interface OrderDocument extends Mutable<Omit<Order, 'id'>>, OutboxHolder {
  _id: string;
  /** Set with a write until its owner's order version has moved for it (marked-versions.ts). */
  pageMark?: string;
}

/** One record per user holding a pending order: `_id` = userId makes the slot unique. */
export interface PendingOrderLockDocument {
  _id: string;
  orderId: string;
  createdAt: Date;
  /**
   * Set while an existing order is being moved back into `pending`: its status still reads
   * non-pending, which would otherwise make the lock look stale to a concurrent creator.
   */
  settling?: boolean;
}

/** A logged event: `_id` = the event's id, so a second insert of it is a duplicate key. */
export type EventDocument = Omit<StoredShopEvent, 'id'> &
  Pick<LoggedEvent, 'sequence' | 'loggedAt'> & {
    _id: string;
  };

export interface CounterDocument {
  _id: string;
  seq: number;
}

export interface TransactionDocument extends Mutable<Omit<TransactionRecord, 'id'>>, OutboxHolder {
  _id: string;
  /** `ledgerEntryKey` of the record: unique, it makes every insert idempotent. */
  entryKey: string;
}

export interface SessionDocument extends Mutable<Omit<Session, 'id'>> {
  _id: string;
}

export interface WithdrawalDocument extends Mutable<Omit<WithdrawalRecord, 'id'>>, OutboxHolder {
  _id: string;
}

export interface ChainCursorDocument {
  _id: string;
  blockNumber: number;
  updatedAt: Date;
}

export interface LeaseDocument {
  _id: string;
  holder: string;
  expiresAt: Date;
}

/** A process working on the store (`_id` = its id) and the master-key ids it holds. */
export interface KeyHolderDocument {
  _id: string;
  kind: 'service' | 'key-rotation';
  sealsWith: string;
  opens: string[];
  expiresAt: Date;
}

/** One wallet's outgoing reservations (`_id` = address); `reservedSun` is their sum. */
export interface WalletReservationsDocument {
  _id: string;
  reservedSun: number;
  reservations: { key: string; amountSun: number; reservedAt: Date }[];
}

/** A reconciliation run's report (`_id` = its id); every run's is kept. */
export interface ReconciliationReportDocument {
  _id: string;
  report: ReconciliationReport;
}

/** A wallet's balance before the scanner's first block (`_id` = address): recorded once. */
export interface WalletOpeningDocument {
  _id: string;
  openingSun: number;
  recordedAt: Date;
}

/** A fixed-window counter (`_id` = key): hits so far in the window ending at `resetAt`. */
export interface WindowCounterDocument {
  _id: string;
  count: number;
  resetAt: Date;
}

/** A webhook endpoint (`_id` = its id); its arrays are mutable only because the driver's types want them so. */
export interface WebhookEndpointDocument extends Mutable<Omit<WebhookEndpoint, 'id' | 'events' | 'secrets'>> {
  _id: string;
  events: string[];
  secrets: WebhookSecret[];
}

/**
 * One delivery (`_id` = its id), the domain record as is. A unique index on (endpointId,
 * eventId) makes enqueueing idempotent; the claim is a guarded single-document write.
 */
export interface WebhookDeliveryDocument extends Mutable<Omit<WebhookDelivery, 'id' | 'attempts' | 'claim'>> {
  _id: string;
  attempts: WebhookAttempt[];
  claim: WebhookClaim | null;
}

/**
 * One queued mail (`_id` = its stable (source, template, recipient) id), the domain record as is:
 * the built-in unique `_id` makes enqueueing idempotent; the claim is a guarded single-document
 * write.
 */
export interface MailMessageDocument extends Mutable<Omit<MailMessage, 'id' | 'attempts' | 'claim'>> {
  _id: string;
  attempts: MailAttempt[];
  claim: MailClaim | null;
}

/** A user's mail preferences (`_id` = the user's id); absent until the user saves some. */
export interface MailPreferencesDocument {
  _id: string;
  receipts: boolean;
  alerts: Mutable<MailPreferences['alerts']>;
  updatedAt: Date;
}

/**
 * A mailed token (`_id` = `<kind>:<userId>`): the key holds one live token per account and kind,
 * so a replace is one upsert of that `_id`; a unique index on `tokenHash` finds a presented token.
 */
export interface AccountTokenDocument extends Mutable<AccountToken> {
  _id: string;
}

/** One mail the embedded mailbox kept (`_id` = its message id, so a repeated attempt keeps it once). */
export interface MailboxEntryDocument extends Mutable<Omit<MailboxEntry, 'messageId'>> {
  _id: string;
}

/**
 * An API key (`_id` = its id), the domain record as is: its instants are BSON dates. A unique
 * index on `hash` refuses a second key with the same hash; revoke and touch are guarded
 * single-document writes. Its outbox holds the audit events of its creation and revocation.
 */
export interface ApiKeyDocument extends Mutable<Omit<ApiKey, 'id' | 'scopes'>>, OutboxHolder {
  _id: string;
  scopes: ApiKeyScope[];
}

/**
 * Whether a watched wallet (`_id` = its address: the merchant's) was last seen below
 * MERCHANT_LOW_BALANCE_TRX. Written only when the balance crosses the threshold, by a guarded
 * single-document write whose outbox carries the crossing's event.
 */
export interface BalanceAlertDocument extends OutboxHolder {
  _id: string;
  low: boolean;
  changedAt: Date;
}
