/**
 * The customer searches' ordered matches (customer ids, newest first) as of one version of the
 * customer search (`customer_search_version`), kept by a connection so that the next page, or the same search
 * from another admin, reads only its page's rows instead of testing and sorting every candidate
 * again. Whatever changes whom a search matches moves the version in the same transaction, and a
 * read takes the version and the page in one read transaction, so a kept list is never answered
 * for a state it was not made from. Bounded: a search matching more than `maxIdsPerSearch`
 * customers is not kept, and the least recently used searches go first past `maxIds` in all.
 */
export interface CustomerMatchMemo {
  /** The ids `needle` matched at `version`, or undefined when they are not kept. */
  get(version: string, needle: string): readonly string[] | undefined;
  /** Keeps `ids` as what `needle` matched at `version`; forgets every other version's lists. */
  keep(version: string, needle: string, ids: readonly string[]): void;
}

export interface CustomerMatchMemoLimits {
  readonly maxIds: number;
  readonly maxIdsPerSearch: number;
}

/** About 3 MB of ids in all (a 24-character id string is about 56 bytes in V8). */
export const CUSTOMER_MATCH_MEMO_LIMITS: CustomerMatchMemoLimits = {
  maxIds: 50_000,
  maxIdsPerSearch: 20_000,
};

export const createCustomerMatchMemo = (
  limits: CustomerMatchMemoLimits = CUSTOMER_MATCH_MEMO_LIMITS,
): CustomerMatchMemo => {
  let keptVersion = '';
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const lists = new Map<string, readonly string[]>();
  let keptIds = 0;
  const forgetOtherVersions = (version: string): void => {
    if (version === keptVersion) return;
    keptVersion = version;
    lists.clear();
    keptIds = 0;
  };
  return {
    get(version, needle) {
      forgetOtherVersions(version);
      const ids = lists.get(needle);
      if (ids === undefined) return undefined;
      lists.delete(needle);
      lists.set(needle, ids);
      return ids;
    },
    keep(version, needle, ids) {
      forgetOtherVersions(version);
      if (ids.length > limits.maxIdsPerSearch) return;
      keptIds += ids.length - (lists.get(needle)?.length ?? 0);
      lists.delete(needle);
      lists.set(needle, ids);
      for (const [oldest, oldestIds] of lists) {
        if (keptIds <= limits.maxIds) break;
        lists.delete(oldest);
        keptIds -= oldestIds.length;
      }
    },
  };
};
