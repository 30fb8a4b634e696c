import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './generated/openapi.js';

/**
 * How the client authenticates (docs/api.md, "Authentication"); at most one of them:
 * - `accessToken`: a JWT (from `POST /api/auth/tokens`), sent as `Authorization: Bearer`;
 * - `apiKey`: an API key, sent as `X-API-Key`;
 * - `cookies`: a `Cookie` header value (`accessToken=...`), for server-side code that holds a
 *   browser's cookies. In a browser, leave all three out: the browser sends the cookies itself.
 */
export interface ShopCredentials {
  readonly accessToken?: string | undefined;
  readonly apiKey?: string | undefined;
  readonly cookies?: string | undefined;
}

export interface ShopClientOptions extends ShopCredentials {
  /** Where the service listens, `https://shop.example.com` (a trailing `/api` is dropped). */
  readonly baseUrl: string;
  /** A `fetch` of your own (tests, a proxy agent); the global one by default. */
  readonly fetch?: typeof globalThis.fetch;
  /** Headers sent with every call (an `x-request-id`, say). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * openapi-fetch's client for the shop's paths: `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, each typed
 * (path, parameters, body, `data` and `error`) from docs/openapi.json.
 */
export interface ShopClient extends Client<paths> {
  /** The origin the paths (`/api/...`) are appended to. */
  readonly baseUrl: string;
  /** Replaces the credentials for the calls that follow (a refreshed access token, say). */
  setCredentials(credentials: ShopCredentials): void;
}

/** `https://shop.example.com/api/` and `https://shop.example.com` name the same service. */
export const normalizeBaseUrl = (baseUrl: string): string => {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`baseUrl must be an http(s) URL, got ${JSON.stringify(baseUrl)}`);
  }
  return url
    .toString()
    .replace(/\/+$/, '')
    .replace(/\/api$/, '');
};

const checkedCredentials = (credentials: ShopCredentials): ShopCredentials => {
  const given = (['accessToken', 'apiKey', 'cookies'] as const).filter(
    (name) => credentials[name] !== undefined,
  );
  if (given.length > 1) {
    throw new TypeError(`give at most one of accessToken, apiKey and cookies (got ${given.join(', ')})`);
  }
  for (const name of given) {
    if (credentials[name] === '') throw new TypeError(`${name} is empty`);
  }
  return { accessToken: credentials.accessToken, apiKey: credentials.apiKey, cookies: credentials.cookies };
};

/** The headers that carry the credentials; a header the call sets itself wins. */
export const credentialHeaders = (credentials: ShopCredentials): Record<string, string> => {
  if (credentials.accessToken !== undefined) return { authorization: `Bearer ${credentials.accessToken}` };
  if (credentials.apiKey !== undefined) return { 'x-api-key': credentials.apiKey };
  if (credentials.cookies !== undefined) return { cookie: credentials.cookies };
  return {};
};

/**
 * A typed client of the shop:
 *
 *     const shop = createShopClient({ baseUrl: 'https://shop.example.com', accessToken });
 *     const { data, error } = await shop.GET('/api/orders/{id}', { params: { path: { id } } });
 *     if (error) console.log(error.code); // 'ORDER_NOT_FOUND', typed from the Error schema
 *
 * or with `unwrap(...)`, which answers `data` or throws a `ShopApiError` with `code`.
 */
export const createShopClient = (options: ShopClientOptions): ShopClient => {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  let credentials = checkedCredentials(options);
  const client = createClient<paths>({
    baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: { ...options.headers } } : {}),
  });
  const authenticate: Middleware = {
    onRequest: ({ request }) => {
      for (const [name, value] of Object.entries(credentialHeaders(credentials))) {
        if (!request.headers.has(name)) request.headers.set(name, value);
      }
      return request;
    },
  };
  client.use(authenticate);
  return Object.assign(client, {
    baseUrl,
    setCredentials: (next: ShopCredentials) => {
      credentials = checkedCredentials(next);
    },
  });
};
