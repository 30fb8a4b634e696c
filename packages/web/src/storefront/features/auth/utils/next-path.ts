const SHOP = 'https://shop.invalid';

/**
 * Where to go once signed in: the `next` the page was given when it is a path of this shop, or
 * the catalogue. Anything else (`//host`, `/\host`, a full URL) would send a fresh session
 * off-site, so it is ignored.
 */
export const nextPath = (next: string | null): string => {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // The URL parser's view decides, as the browser's would (tabs and newlines are dropped by it).
  const url = new URL(next, SHOP);
  return url.origin === SHOP ? `${url.pathname}${url.search}${url.hash}` : '/';
};

/** A link to the other way in that keeps where the shopper was going. */
export const withNext = (path: string, next: string | null): string =>
  next ? `${path}?next=${encodeURIComponent(nextPath(next))}` : path;
