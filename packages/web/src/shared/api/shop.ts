import { createShopClient, type DataOf, type FetchResult, isShopApiError, unwrap } from '@trx-shop/client';

/**
 * The one client of the API the apps use: same origin, so the browser sends the httpOnly auth
 * cookies itself and no token is ever within a script's reach.
 */
export const shop = createShopClient({ baseUrl: window.location.origin });

/** One refresh at a time: the calls that meet an expired token together wait for the same one. */
let refreshing: Promise<boolean> | null = null;

const refreshSession = (): Promise<boolean> => {
  refreshing ??= shop
    .POST('/api/auth/refresh')
    .then((result) => result.response.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
};

/**
 * The data of a call, or a thrown `ShopApiError`; an access token that expired (15 minutes) is
 * refreshed from the refresh cookie once and the call made again.
 */
export const call = async <R extends FetchResult>(send: () => Promise<R>): Promise<DataOf<R>> => {
  try {
    return await unwrap(send());
  } catch (error) {
    if (!isShopApiError(error) || error.code !== 'TOKEN_EXPIRED') throw error;
    if (!(await refreshSession())) throw error;
    return unwrap(send());
  }
};
