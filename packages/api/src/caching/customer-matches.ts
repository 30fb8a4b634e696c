// Keys on the customer-search version and the lowercased needle; a write that changes whom a search matches moves the version, so older entries are never read again and age out.
import {
  type CustomerRow,
  offsetOf,
  type Page,
  type PageRequest,
  pageOf,
  type UserStore,
} from '@trx-shop/domain';
import { LRUCache } from 'lru-cache';

/** How a search was answered: from kept matches, or read from the store. */
export type CustomerSearchOutcome = 'memo' | 'rendered';

export interface CustomerMatchLimits {
  /** Ids kept in all, over every search. */
  readonly maxIds: number;
  /** A search matching more customers than this is not kept: it is paged by the store itself. */
  readonly maxIdsPerSearch: number;
}

/** About 3 MB of ids in all (a 24-character id string is about 56 bytes in V8). */
export const CUSTOMER_MATCH_LIMITS: CustomerMatchLimits = { maxIds: 50_000, maxIdsPerSearch: 20_000 };

export type CustomerSearchReads = Pick<UserStore, 'listCustomers' | 'customerIdsMatching' | 'customersByIds'>;

export interface CustomerMatchesOptions {
  /** The customer search's version, read before the matches it files them under. */
  readonly version: () => Promise<string>;
  readonly limits?: CustomerMatchLimits;
  /** Told of every search (a list without one is not), for the hit rate in the metrics. */
  readonly onSearch?: (outcome: CustomerSearchOutcome) => void;
}

/**
 * `users` whose searches keep their ordered matches, so that the next page, or the same search
 * from another admin, reads only its page's rows instead of matching every customer again.
 */
export const withCustomerMatches = <Users extends CustomerSearchReads>(
  users: Users,
  { version, limits = CUSTOMER_MATCH_LIMITS, onSearch }: CustomerMatchesOptions,
): Users => {
  const kept = new LRUCache<string, readonly string[]>({
    maxSize: limits.maxIds,
    maxEntrySize: limits.maxIdsPerSearch,
    // lru-cache sizes are positive: a search matching no one still takes a slot.
    sizeCalculation: (ids) => Math.max(1, ids.length),
  });
  // Searches being read: the askers of one version and needle share the read (no herd of scans).
  const reading = new Map<string, Promise<readonly string[] | null>>();
  const readMatches = (key: string, search: string): Promise<readonly string[] | null> => {
    const read = users.customerIdsMatching(search, limits.maxIdsPerSearch).then(
      (matched) => {
        reading.delete(key);
        if (matched !== null) kept.set(key, matched);
        return matched;
      },
      (error: unknown) => {
        reading.delete(key);
        throw error;
      },
    );
    reading.set(key, read);
    return read;
  };
  const pageOfIds = async (ids: readonly string[], page: PageRequest): Promise<Page<CustomerRow>> => {
    const pageIds = ids.slice(offsetOf(page), offsetOf(page) + page.limit);
    return pageOf(await users.customersByIds(pageIds), ids.length, page);
  };
  return {
    ...users,
    async listCustomers(query, page) {
      if (query.search === undefined || query.search === '') return users.listCustomers(query, page);
      // Read before the matches: nothing filed under a version is older than it.
      const key = JSON.stringify([await version(), query.search.toLowerCase()]);
      const ids = kept.get(key);
      const matching = ids ? undefined : reading.get(key);
      onSearch?.(ids || matching ? 'memo' : 'rendered');
      if (ids) return pageOfIds(ids, page);
      const matched = await (matching ?? readMatches(key, query.search));
      if (matched === null) return users.listCustomers(query, page);
      return pageOfIds(matched, page);
    },
  };
};
