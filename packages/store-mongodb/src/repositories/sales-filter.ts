import { orderNumberSearched, type SalesQuery } from '@trx-shop/domain';
import type { Collection, Filter } from 'mongodb';
import type { OrderDocument, UserDocument } from '../documents.js';
import { userSearchFilter } from '../user-search-filter.js';

/**
 * The orders a sales query selects. A search reads the ids of the users it matches first (one
 * projected read, served by the trigram indexes), then selects their orders by `userId $in`
 * (orders_user_created), or the order it names by number. A customer's orders are read by userId
 * (orders_user_status_created, orders_user_created).
 */
export const salesFilterOf = async (
  users: Collection<UserDocument>,
  query: SalesQuery,
): Promise<Filter<OrderDocument>> => {
  const filter: Filter<OrderDocument> = {
    ...(query.customerId === undefined ? {} : { userId: query.customerId }),
    ...(query.status === undefined ? {} : { status: query.status }),
    ...(query.from === undefined && query.to === undefined
      ? {}
      : {
          createdAt: {
            ...(query.from === undefined ? {} : { $gte: query.from }),
            ...(query.to === undefined ? {} : { $lt: query.to }),
          },
        }),
  };
  if (query.search === undefined || query.search === '') return filter;
  const customers = await users
    .find(userSearchFilter(query.search), { projection: { _id: 1 } })
    .map((document) => document._id)
    .toArray();
  const number = orderNumberSearched(query.search);
  return {
    ...filter,
    $or: [{ userId: { $in: customers } }, ...(number === null ? [] : [{ number }])],
  };
};
