/** The methods some route answers, in `Allow` order; anything else (QUERY, PROPFIND, FOO) is refused. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
export const SERVED_METHODS: ReadonlySet<string> = new Set(METHOD_ORDER);
/** `Allow` where no route knows the path: every method some route answers. */
export const ALLOW_ANY_PATH = METHOD_ORDER.join(', ');

interface RoutePattern {
  readonly segments: readonly string[];
  /** Ends in `*`: any rest of the path matches. */
  readonly open: boolean;
  readonly methods: Set<string>;
}

const segmentsOf = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

/** A route's segment against a path's: literal, a parameter, or a parameter with its regex (`:id(^...$)`). */
const segmentMatches = (pattern: string, segment: string | undefined): boolean => {
  if (!pattern.startsWith(':')) return pattern === segment;
  const regex = /^:\w+\((.+)\)$/.exec(pattern)?.[1];
  return regex === undefined || new RegExp(regex).test(segment ?? '');
};

const matches = (pattern: RoutePattern, segments: readonly string[]): boolean => {
  if (pattern.open ? segments.length < pattern.segments.length : segments.length !== pattern.segments.length)
    return false;
  return pattern.segments.every((segment, index) => segmentMatches(segment, segments[index]));
};

export interface RouteMethods {
  /** Records a route as Fastify registers it (`/api/orders/:id/pay`, `/api/docs/*`). */
  add(method: string, url: string): void;
  /** The methods some route serves on this request path, in `Allow` order; empty for an unknown path. */
  allowedOn(path: string): string[];
}

/**
 * Which methods each path is served with, so a known path asked with another method can answer
 * 405 with an `Allow` header instead of 404. Only the not-found and unknown-method answers read
 * it, so a linear scan of the routes is fine.
 */
export const createRouteMethods = (): RouteMethods => {
  const patterns = new Map<string, RoutePattern>();
  return {
    add: (method, url) => {
      // The catch-alls (the CORS preflight's `*`, the web apps' `/*`) answer every path; they
      // make no path known.
      if (url === '*' || url === '/*') return;
      const open = url.endsWith('*');
      const key = open ? url.slice(0, -1) : url;
      const pattern = patterns.get(key) ?? { segments: segmentsOf(key), open, methods: new Set<string>() };
      pattern.methods.add(method.toUpperCase());
      patterns.set(key, pattern);
    },
    allowedOn: (path) => {
      const segments = segmentsOf(path.split('?', 1)[0] ?? '');
      const allowed = new Set<string>();
      for (const pattern of patterns.values()) {
        if (matches(pattern, segments)) for (const method of pattern.methods) allowed.add(method);
      }
      return METHOD_ORDER.filter((method) => allowed.has(method));
    },
  };
};
