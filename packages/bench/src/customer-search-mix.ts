import type { MixedRequest } from './load.js';
import { samePage, text } from './mixed-reads.js';
import { type SignedInClient, unwrapFor } from './shop-client.js';

/*
 * The admin customer search as a mix: many searches and their next pages while
 * customers' usernames change, so the figure is not one search answered from what the store keeps
 * (SQLite keeps a search's matches until a user write could change them).
 */

/** Needles of the seeded `shopper_<n>` / `shopper<n>@bench.example` users, 11 to about 1,100 matches each. */
export const CUSTOMER_SEARCHES = [
  'shopper_12',
  'shopper_34',
  'shopper_56',
  'shopper_78',
  'shopper_90',
  'shopper_111',
  'shopper_2222',
  'r_77',
  'per_45',
  'shopper9',
] as const;

/** Two characters, under the trigram index's three: the store scans for them (reported apart). */
export const SHORT_CUSTOMER_SEARCHES = ['12', '34', '56', '78', '90'] as const;

/** Pages 1 and 2 of each search, 20 a page, each answer checked against the one read before the load. */
export const customerSearchMix = async (
  admin: SignedInClient,
  searches: readonly string[],
): Promise<MixedRequest[]> => {
  const requests: MixedRequest[] = [];
  for (const search of searches) {
    for (const page of [1, 2]) {
      const query = { search, page, limit: 20 };
      const body = await text(
        `customer search ${search} page ${page}`,
        admin.GET('/api/admin/customers', { params: { query }, parseAs: 'text' }),
      );
      requests.push({
        path: `/api/admin/customers?search=${encodeURIComponent(search)}&page=${page}&limit=20`,
        headers: { authorization: `Bearer ${admin.accessToken}` },
        body,
        expect: samePage(body, page),
      });
    }
  }
  return requests;
};

/**
 * Renames `customer` `perSecond` times a second until stopped (no search of the mixes matches the
 * names), then gives the username back. Each rename moves SQLite's customer search version, so
 * every search is read again after it, as new customers signing up would make it.
 */
export const startUsernameWriter = (customer: SignedInClient, perSecond: number): (() => Promise<number>) => {
  let writes = 0;
  let stopped = false;
  const rename = (username: string) =>
    unwrapFor('a username change', customer.PUT('/api/users/profile', { body: { username } }));
  const loop = (async () => {
    const { user } = await unwrapFor('the profile', customer.GET('/api/users/profile'));
    while (!stopped) {
      await rename(`bench_writer_${writes % 2 === 0 ? 'a' : 'b'}`);
      writes += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
    }
    await rename(user.username);
  })();
  return async () => {
    stopped = true;
    await loop;
    return writes;
  };
};
