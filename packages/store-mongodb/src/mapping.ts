import {
  type EventActor,
  type LoggedEvent,
  ledgerEntryKey,
  type Order,
  type Product,
  productSearchText,
  type Session,
  type ShopEvent,
  type TransactionRecord,
  type User,
  type WithdrawalRecord,
} from '@trx-shop/domain';
import type {
  EventDocument,
  OrderDocument,
  ProductDocument,
  SessionDocument,
  StoredShopEvent,
  TransactionDocument,
  UserDocument,
  WithdrawalDocument,
} from './documents.js';
import { trigramsOf } from './search-grams.js';

/*
 * Domain records <-> stored documents. Only `_id` and the adapter's own helper fields differ;
 * every domain field is stored as is, so reading back gives an equal record. A record's `outbox`
 * is the relay's business: it is written on insert and stripped from every record read back.
 */

export const emailKeyOf = (email: string): string => email.toLowerCase();
export const usernameKeyOf = (username: string): string => username.toLowerCase();

/** A username's key and search trigrams, set together by every write of the username. */
export const usernameFieldsOf = (username: string): Pick<UserDocument, 'usernameKey' | 'usernameGrams'> => {
  const usernameKey = usernameKeyOf(username);
  return { usernameKey, usernameGrams: trigramsOf(usernameKey) };
};

export const userToDocument = ({ id, ...user }: User): UserDocument => {
  const emailKey = emailKeyOf(user.email);
  return {
    _id: id,
    ...user,
    emailKey,
    emailGrams: trigramsOf(emailKey),
    ...usernameFieldsOf(user.username),
    walletAddressKey: walletAddressKeyOf(id, user.wallet.address),
  };
};

export const walletAddressKeyOf = (id: string, address: string | null): string => address ?? `none:${id}`;

export const userFromDocument = ({
  _id,
  emailKey: _email,
  usernameKey: _username,
  emailGrams: _emailGrams,
  usernameGrams: _usernameGrams,
  walletAddressKey: _wallet,
  outbox: _outbox,
  searchMark: _searchMark,
  holdersMark: _holdersMark,
  emailVerified,
  ...user
}: UserDocument): User => ({
  id: _id,
  ...user,
  emailVerified: emailVerified ?? true,
});

export const productToDocument = (
  { id, ...product }: Product,
  events: readonly ShopEvent[] = [],
): ProductDocument => ({
  _id: id,
  ...product,
  stockJournal: [],
  stockReservations: [],
  searchText: productSearchText(product.name, product.description),
  outbox: events.map(shopEventFields),
});

export const productFromDocument = ({
  _id,
  stockJournal: _journal,
  stockReservations: _reservations,
  searchText: _searchText,
  outbox: _outbox,
  catalogueMark: _mark,
  priceUsdt,
  ...product
}: ProductDocument): Product => ({
  id: _id,
  ...product,
  // Products stored before USDT prices have none: not sold in USDT.
  priceUsdt: priceUsdt ?? null,
});

const actorFields = ({ kind, id, sessionId, label, address }: EventActor): EventActor => ({
  kind,
  id,
  sessionId,
  label,
  address,
});

/**
 * An event's own fields only: a caller may hand in a wider object (a LoggedEvent, say), and
 * whatever is stored is read back into outbox entries and logged events.
 */
export const shopEventFields = ({
  id,
  type,
  occurredAt,
  subjects,
  payload,
  actor,
}: ShopEvent): ShopEvent => ({
  id,
  type,
  occurredAt,
  subjects: { ...subjects },
  payload,
  actor: actor === null ? null : actorFields(actor),
});

/**
 * Read side of every stored event: one stored before actors and webhook subjects has neither, an
 * actor stored before addresses were recorded has none.
 */
export const eventFromStored = <T extends Pick<StoredShopEvent, 'actor' | 'subjects'>>({
  actor,
  subjects,
  ...event
}: T): Omit<T, 'actor' | 'subjects'> & Pick<ShopEvent, 'actor' | 'subjects'> => ({
  ...event,
  subjects: { ...subjects, webhookId: subjects.webhookId ?? null },
  actor: actor ? { ...actor, address: actor.address ?? null } : null,
});

/** A new order holds the events of its creation in its outbox from the first write. */
export const orderToDocument = (
  { id, ...order }: Order,
  events: readonly ShopEvent[] = [],
): OrderDocument => ({
  _id: id,
  ...order,
  lines: [...order.lines],
  stockTaken: [...order.stockTaken],
  stockRestored: [...order.stockRestored],
  refunds: [...order.refunds],
  outbox: events.map(shopEventFields),
});

export const orderFromDocument = ({
  _id,
  outbox: _outbox,
  pageMark: _mark,
  ...order
}: OrderDocument): Order => ({
  id: _id,
  ...order,
});

export const eventToDocument = (event: ShopEvent, sequence: number, loggedAt: Date): EventDocument => {
  const { id, ...fields } = shopEventFields(event);
  return { _id: id, ...fields, sequence, loggedAt };
};

export const eventFromDocument = (document: EventDocument): LoggedEvent => {
  const { _id, ...event } = eventFromStored(document);
  return { id: _id, ...event };
};

export const transactionToDocument = (
  record: TransactionRecord,
  events: readonly ShopEvent[] = [],
): TransactionDocument => {
  const { id, ...fields } = record;
  return { _id: id, ...fields, entryKey: ledgerEntryKey(record), outbox: events.map(shopEventFields) };
};

export const transactionFromDocument = ({
  _id,
  entryKey: _entryKey,
  outbox: _outbox,
  ...record
}: TransactionDocument): TransactionRecord => ({
  id: _id,
  ...record,
});

export const sessionToDocument = ({ id, ...session }: Session): SessionDocument => ({ _id: id, ...session });

export const sessionFromDocument = ({ _id, ...session }: SessionDocument): Session => ({
  id: _id,
  ...session,
});

export const withdrawalToDocument = (
  { id, ...record }: WithdrawalRecord,
  outbox: readonly ShopEvent[] = [],
): WithdrawalDocument => ({
  _id: id,
  ...record,
  outbox: outbox.map(shopEventFields),
});

export const withdrawalFromDocument = ({
  _id,
  outbox: _outbox,
  ...record
}: WithdrawalDocument): WithdrawalRecord => ({
  id: _id,
  ...record,
});
