import type { OrderWithCustomer } from '@trx-shop/domain';
import type { Collection } from 'mongodb';
import type { OrderDocument, UserDocument } from '../documents.js';
import { orderFromDocument } from '../mapping.js';

/**
 * Populates each order's customer (id, username, email) with one `_id $in` read of the users of
 * the page, projected to those fields: password hashes and keys never leave the database for it.
 */
export const withCustomers = async (
  users: Collection<UserDocument>,
  documents: readonly OrderDocument[],
): Promise<OrderWithCustomer[]> => {
  const userIds = [...new Set(documents.map((document) => document.userId))];
  const customers =
    userIds.length === 0
      ? []
      : await users
          .find({ _id: { $in: userIds } }, { projection: { _id: 1, username: 1, email: 1 } })
          .toArray();
  const byId = new Map(
    customers.map((customer) => [
      customer._id,
      { id: customer._id, username: customer.username, email: customer.email },
    ]),
  );
  return documents.map((document) => ({
    order: orderFromDocument(document),
    customer: byId.get(document.userId) ?? null,
  }));
};
