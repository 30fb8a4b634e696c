import type { VersionStore, VersionTopic } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import { createMarkedVersions } from './marked-versions.js';

/** The `versions` document of a topic, as the writes that move it name it. */
export const versionIdOf = (topic: VersionTopic): string =>
  topic.kind === 'user-orders' ? `user-orders:${topic.userId}` : topic.kind;

/*
 * The marked records behind each topic (marked-versions.ts): a write sets its record's mark in its
 * own single-document write and settles it after; a read settles the marks it finds first.
 */
export const catalogueMarks = ({ products, versions }: Pick<ShopCollections, 'products' | 'versions'>) =>
  createMarkedVersions({ records: products, versions, markField: 'catalogueMark' });
export const userOrderMarks = ({ orders, versions }: Pick<ShopCollections, 'orders' | 'versions'>) =>
  createMarkedVersions({ records: orders, versions, markField: 'pageMark' });
export const customerSearchMarks = ({ users, versions }: Pick<ShopCollections, 'users' | 'versions'>) =>
  createMarkedVersions({ records: users, versions, markField: 'searchMark' });
export const walletHolderMarks = ({ users, versions }: Pick<ShopCollections, 'users' | 'versions'>) =>
  createMarkedVersions({ records: users, versions, markField: 'holdersMark' });

export const createMongoVersionStore = (
  collections: Pick<ShopCollections, 'products' | 'orders' | 'users' | 'versions'>,
): VersionStore => {
  const catalogue = catalogueMarks(collections);
  const userOrders = userOrderMarks(collections);
  const customerSearch = customerSearchMarks(collections);
  const walletHolders = walletHolderMarks(collections);
  return {
    current(topic) {
      const id = versionIdOf(topic);
      switch (topic.kind) {
        case 'catalogue':
          return catalogue.read(id, {});
        case 'user-orders':
          return userOrders.read(id, { userId: topic.userId });
        case 'customer-search':
          return customerSearch.read(id, {});
        case 'wallet-holders':
          return walletHolders.read(id, {});
      }
    },
  };
};
