import {
  type CustomerQuery,
  type CustomerRow,
  type CustomerStatsFigures,
  type CustomerStatsQuery,
  type OrderStatus,
  offsetOf,
  type Page,
  type PageRequest,
  pageOf,
  type TimeWindow,
} from '@trx-shop/domain';
import type { Filter } from 'mongodb';
import type { ShopCollections } from '../collections.js';
import type { OrderDocument, UserDocument } from '../documents.js';
import { userFromDocument } from '../mapping.js';
import { NEWEST_FIRST } from '../paging.js';
import { userSearchFilter } from '../user-search-filter.js';

/** Rows read per round trip by the CSV export stream. */
const STREAM_BATCH = 200;

/** totalSpent = completed totals - refunded totals (user-store.port.ts). */
const signedTotal = {
  $cond: [
    { $eq: ['$status', 'completed'] },
    '$totalSun',
    { $cond: [{ $eq: ['$status', 'refunded'] }, { $multiply: ['$totalSun', -1] }, 0] },
  ],
};
const SPENDING_STATUSES: OrderStatus[] = ['completed', 'refunded'];

/** Customers are role `user`; the search is the users' (user-search-filter.ts). */
const customerFilter = (query: CustomerQuery): Filter<UserDocument> =>
  query.search === undefined || query.search === ''
    ? { role: 'user' }
    : { role: 'user', ...userSearchFilter(query.search) };

const inWindow = (window: TimeWindow) => ({ $gte: window.from, $lt: window.to });

export interface CustomerQueries {
  list(query: CustomerQuery, page: PageRequest): Promise<Page<CustomerRow>>;
  idsMatching(search: string, atMost: number): Promise<readonly string[] | null>;
  byIds(ids: readonly string[]): Promise<readonly CustomerRow[]>;
  stats(query: CustomerStatsQuery): Promise<CustomerStatsFigures>;
  stream(): AsyncIterable<CustomerRow>;
}

export const createCustomerQueries = ({
  users,
  orders,
}: Pick<ShopCollections, 'users' | 'orders'>): CustomerQueries => {
  /** totalSpent of the given users, summed by the server over their completed/refunded orders. */
  const totalsByUser = async (userIds: readonly string[]): Promise<Map<string, number>> => {
    if (userIds.length === 0) return new Map();
    const rows = await orders
      .aggregate<{ _id: string; totalSpentSun: number }>([
        { $match: { userId: { $in: [...userIds] }, status: { $in: SPENDING_STATUSES } } },
        { $group: { _id: '$userId', totalSpentSun: { $sum: signedTotal } } },
      ])
      .toArray();
    return new Map(rows.map((row) => [row._id, row.totalSpentSun]));
  };

  const toRows = async (documents: readonly UserDocument[]): Promise<CustomerRow[]> => {
    const totals = await totalsByUser(documents.map((document) => document._id));
    return documents.map((document) => ({
      user: userFromDocument(document),
      totalSpentSun: totals.get(document._id) ?? 0,
    }));
  };

  /** Signed spend of customers' orders, optionally only those created inside `window`. */
  const customerVolume = async (window?: TimeWindow): Promise<number> => {
    const match: Filter<OrderDocument> = { status: { $in: SPENDING_STATUSES } };
    if (window) match.createdAt = inWindow(window);
    const [row] = await orders
      .aggregate<{ volumeSun: number }>([
        { $match: match },
        // Customers are role 'user': admins' own orders do not count as customer spending.
        {
          $lookup: { from: users.collectionName, localField: 'userId', foreignField: '_id', as: 'customer' },
        },
        { $match: { 'customer.role': 'user' } },
        { $group: { _id: null, volumeSun: { $sum: signedTotal } } },
      ])
      .toArray();
    return row?.volumeSun ?? 0;
  };

  return {
    async list(query, page) {
      const filter = customerFilter(query);
      const [documents, total] = await Promise.all([
        users.find(filter).sort(NEWEST_FIRST).skip(offsetOf(page)).limit(page.limit).toArray(),
        users.countDocuments(filter),
      ]);
      return pageOf(await toRows(documents), total, page);
    },

    async idsMatching(search, atMost) {
      // One more than allowed tells "more than atMost" without counting every match.
      const documents = await users
        .find(customerFilter({ search }), { projection: { _id: 1 } })
        .sort(NEWEST_FIRST)
        .limit(atMost + 1)
        .toArray();
      return documents.length > atMost ? null : documents.map((document) => document._id);
    },

    async byIds(ids) {
      if (ids.length === 0) return [];
      const documents = await users.find({ _id: { $in: [...ids] }, role: 'user' }).toArray();
      const rowsById = new Map((await toRows(documents)).map((row) => [row.user.id, row]));
      return ids.flatMap((id) => {
        const row = rowsById.get(id);
        return row ? [row] : [];
      });
    },

    async stats(query) {
      const [createdCurrent, createdPrevious, totalVolumeSun, volumeCurrent, volumePrevious] =
        await Promise.all([
          users.countDocuments({ role: 'user', createdAt: inWindow(query.current) }),
          users.countDocuments({ role: 'user', createdAt: inWindow(query.previous) }),
          customerVolume(),
          customerVolume(query.current),
          customerVolume(query.previous),
        ]);
      return {
        totalVolumeSun,
        customersCreated: { current: createdCurrent, previous: createdPrevious },
        volumeSun: { current: volumeCurrent, previous: volumePrevious },
      };
    },

    async *stream() {
      // Keyset pagination on (createdAt, _id) descending: every batch is one indexed range read,
      // and rows inserted meanwhile never shift later batches.
      let last: UserDocument | undefined;
      for (;;) {
        const after: Filter<UserDocument> = last
          ? {
              $or: [
                { createdAt: { $lt: last.createdAt } },
                { createdAt: last.createdAt, _id: { $lt: last._id } },
              ],
            }
          : {};
        const batch = await users
          .find({ role: 'user', ...after })
          .sort(NEWEST_FIRST)
          .limit(STREAM_BATCH)
          .toArray();
        if (batch.length === 0) return;
        yield* await toRows(batch);
        if (batch.length < STREAM_BATCH) return;
        last = batch[batch.length - 1];
      }
    },
  };
};
