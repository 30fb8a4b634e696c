import {
  ledgerEntryKey,
  type Order,
  type Product,
  type Session,
  type TransactionRecord,
  type User,
  type WithdrawalRecord,
} from '@trx-shop/domain';
import type {
  OrderDocument,
  ProductDocument,
  SessionDocument,
  TransactionDocument,
  UserDocument,
  WithdrawalDocument,
} from './documents.js';

/*
 * Domain records <-> stored documents. Only `_id` and the adapter's own helper fields differ;
 * every domain field is stored as is, so reading back gives an equal record.
 */

export const emailKeyOf = (email: string): string => email.toLowerCase();
export const usernameKeyOf = (username: string): string => username.toLowerCase();

export const userToDocument = ({ id, ...user }: User): UserDocument => ({
  _id: id,
  ...user,
  emailKey: emailKeyOf(user.email),
  usernameKey: usernameKeyOf(user.username),
  walletAddressKey: walletAddressKeyOf(id, user.wallet.address),
});

export const walletAddressKeyOf = (id: string, address: string | null): string => address ?? `none:${id}`;

export const userFromDocument = ({
  _id,
  emailKey: _email,
  usernameKey: _username,
  walletAddressKey: _wallet,
  ...user
}: UserDocument): User => ({
  id: _id,
  ...user,
});

export const productToDocument = ({ id, ...product }: Product): ProductDocument => ({
  _id: id,
  ...product,
  stockJournal: [],
  stockReservations: [],
});

export const productFromDocument = ({
  _id,
  stockJournal: _journal,
  stockReservations: _reservations,
  ...product
}: ProductDocument): Product => ({
  id: _id,
  ...product,
});

export const orderToDocument = ({ id, ...order }: Order): OrderDocument => ({
  _id: id,
  ...order,
  lines: [...order.lines],
  stockTaken: [...order.stockTaken],
  stockRestored: [...order.stockRestored],
  refunds: [...order.refunds],
});

export const orderFromDocument = ({ _id, ...order }: OrderDocument): Order => ({ id: _id, ...order });

export const transactionToDocument = (record: TransactionRecord): TransactionDocument => {
  const { id, ...fields } = record;
  return { _id: id, ...fields, entryKey: ledgerEntryKey(record) };
};

export const transactionFromDocument = ({
  _id,
  entryKey: _entryKey,
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

export const withdrawalToDocument = ({ id, ...record }: WithdrawalRecord): WithdrawalDocument => ({
  _id: id,
  ...record,
});

export const withdrawalFromDocument = ({ _id, ...record }: WithdrawalDocument): WithdrawalRecord => ({
  id: _id,
  ...record,
});
