import { describe, expect, it } from 'vitest';
import { createShopClient, isShopApiError, ShopApiError, unwrap } from '../src/index.js';

/*
 * The HTTP client without a service: a recording `fetch` shows what is sent (URL, credential
 * headers) and answers what a test needs (error bodies of the service's shape and others).
 */

interface Sent {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string;
}

const recordingFetch = (answer: () => Response = () => Response.json({ user: { id: 'u1' } })) => {
  const sent: Sent[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    sent.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: await request.text(),
    });
    return answer();
  };
  return { sent, fetch: fetch as typeof globalThis.fetch };
};

const ORDER_ID = '0123456789abcdef01234567';

describe('createShopClient', () => {
  it('sends the access token as Authorization: Bearer, the API key as X-API-Key, cookies as Cookie', async () => {
    const cases = [
      [{ accessToken: 'jwt-1' }, 'authorization', 'Bearer jwt-1'],
      [{ apiKey: 'trx_sk_test_1' }, 'x-api-key', 'trx_sk_test_1'],
      [{ cookies: 'accessToken=jwt-2' }, 'cookie', 'accessToken=jwt-2'],
    ] as const;
    for (const [credentials, header, value] of cases) {
      const { sent, fetch } = recordingFetch();
      const shop = createShopClient({ baseUrl: 'http://shop.test', fetch, ...credentials });
      await unwrap(shop.GET('/api/auth/profile'));
      expect(sent[0]?.headers.get(header)).toBe(value);
      const others = ['authorization', 'x-api-key', 'cookie'].filter((name) => name !== header);
      for (const other of others) expect(sent[0]?.headers.get(other)).toBeNull();
    }
  });

  it('sends no credential without one, and takes new ones with setCredentials', async () => {
    const { sent, fetch } = recordingFetch();
    const shop = createShopClient({ baseUrl: 'http://shop.test', fetch });
    await shop.GET('/api/products');
    shop.setCredentials({ accessToken: 'fresh' });
    await shop.GET('/api/products');
    shop.setCredentials({});
    await shop.GET('/api/products');
    expect(sent.map((request) => request.headers.get('authorization'))).toEqual([null, 'Bearer fresh', null]);
  });

  it('lets a header the call sets win over the credential', async () => {
    const { sent, fetch } = recordingFetch();
    const shop = createShopClient({ baseUrl: 'http://shop.test', fetch, accessToken: 'default' });
    await shop.GET('/api/auth/profile', { headers: { authorization: 'Bearer other' } });
    expect(sent[0]?.headers.get('authorization')).toBe('Bearer other');
  });

  it('refuses more than one credential, and an empty one', () => {
    expect(() => createShopClient({ baseUrl: 'http://shop.test', accessToken: 'a', apiKey: 'b' })).toThrow(
      /at most one of accessToken, apiKey and cookies \(got accessToken, apiKey\)/,
    );
    expect(() => createShopClient({ baseUrl: 'http://shop.test', accessToken: '' })).toThrow(
      /accessToken is empty/,
    );
    expect(() => createShopClient({ baseUrl: 'ftp://shop.test' })).toThrow(/http\(s\) URL/);
  });

  it('builds URLs from the base URL, with or without a trailing /api, and serializes path and query', async () => {
    for (const baseUrl of [
      'http://shop.test',
      'http://shop.test/',
      'http://shop.test/api',
      'http://shop.test/api/',
    ]) {
      const { sent, fetch } = recordingFetch(() => Response.json({ success: true, order: {} }));
      const shop = createShopClient({ baseUrl, fetch });
      expect(shop.baseUrl).toBe('http://shop.test');
      await shop.GET('/api/orders/{id}', { params: { path: { id: ORDER_ID } } });
      await shop.GET('/api/products', { params: { query: { search: 'tee shirt', limit: 5 } } });
      expect(sent.map((request) => request.url)).toEqual([
        `http://shop.test/api/orders/${ORDER_ID}`,
        'http://shop.test/api/products?search=tee%20shirt&limit=5',
      ]);
    }
  });

  it('sends a JSON body with its content type, and no body (nor content type) when there is none', async () => {
    const { sent, fetch } = recordingFetch(() => Response.json({ success: true }));
    const shop = createShopClient({ baseUrl: 'http://shop.test', fetch, accessToken: 't' });
    await shop.POST('/api/orders', { body: { products: [{ productId: ORDER_ID, quantity: 2 }] } });
    await shop.POST('/api/orders/{id}/pay', { params: { path: { id: ORDER_ID } } });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: `{"products":[{"productId":"${ORDER_ID}","quantity":2}]}`,
    });
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
    expect(sent[1]).toMatchObject({ method: 'POST', body: '' });
    // Fastify refuses an empty body declared as JSON (400), so none must be declared.
    expect(sent[1]?.headers.get('content-type')).toBeNull();
  });
});

describe('errors', () => {
  const errorAnswer = () =>
    Response.json(
      {
        error: 'Validation failed',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'products.0.quantity', message: 'must be >= 1' }],
      },
      { status: 400 },
    );

  it('come back typed from the call, with code', async () => {
    const { fetch } = recordingFetch(errorAnswer);
    const shop = createShopClient({ baseUrl: 'http://shop.test', fetch });
    const { data, error, response } = await shop.POST('/api/orders', {
      body: { products: [{ productId: ORDER_ID, quantity: 0 }] },
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(error?.code).toBe('VALIDATION_ERROR');
    expect(error?.details?.[0]?.field).toBe('products.0.quantity');
  });

  it('are thrown by unwrap as a ShopApiError with status, code, details and the body', async () => {
    const { fetch } = recordingFetch(errorAnswer);
    const shop = createShopClient({ baseUrl: 'http://shop.test', fetch });
    const thrown = await unwrap(
      shop.POST('/api/orders', { body: { products: [{ productId: ORDER_ID, quantity: 0 }] } }),
    ).catch((error: unknown) => error);
    expect(isShopApiError(thrown)).toBe(true);
    const error = thrown as ShopApiError;
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ShopApiError');
    expect(error.message).toBe('400 VALIDATION_ERROR: Validation failed');
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(error.details).toEqual([{ field: 'products.0.quantity', message: 'must be >= 1' }]);
    expect(error.body).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', error: 'Validation failed' });
    expect(error.response?.status).toBe(400);
  });

  it('that are not the service’s (a proxy’s page, an empty body) get code HTTP_<status>', async () => {
    const answers = [
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
      () => new Response(null, { status: 503, statusText: 'Service Unavailable' }),
      () => Response.json({ message: 'not ours' }, { status: 500, statusText: 'Internal Server Error' }),
    ];
    const seen = [];
    for (const answer of answers) {
      const { fetch } = recordingFetch(answer);
      const shop = createShopClient({ baseUrl: 'http://shop.test', fetch });
      const error = (await unwrap(shop.GET('/api/products')).catch(
        (thrown: unknown) => thrown,
      )) as ShopApiError;
      seen.push([error.status, error.code, error.body.error]);
    }
    expect(seen).toEqual([
      [502, 'HTTP_502', '<html>Bad gateway</html>'],
      [503, 'HTTP_503', 'Service Unavailable'],
      [500, 'HTTP_500', 'Internal Server Error'],
    ]);
  });

  it('of the network are thrown by unwrap as NETWORK_ERROR with status 0 and the cause', async () => {
    const refused = new TypeError('fetch failed');
    const shop = createShopClient({
      baseUrl: 'http://shop.test',
      fetch: async () => {
        throw refused;
      },
    });
    const error = (await unwrap(shop.GET('/api/products')).catch(
      (thrown: unknown) => thrown,
    )) as ShopApiError;
    expect(error).toBeInstanceOf(ShopApiError);
    expect(error).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: '0 NETWORK_ERROR: fetch failed',
    });
    expect(error.cause).toBe(refused);
    expect(error.response).toBeUndefined();
  });

  it('unwrap answers the data of a success', async () => {
    const { fetch } = recordingFetch(() => Response.json({ user: { id: 'u1', email: 'a@b.c' } }));
    const shop = createShopClient({ baseUrl: 'http://shop.test', fetch });
    expect(await unwrap(shop.GET('/api/auth/profile'))).toEqual({ user: { id: 'u1', email: 'a@b.c' } });
    // An already awaited result works as well.
    expect(await unwrap(await shop.GET('/api/auth/profile'))).toMatchObject({ user: { id: 'u1' } });
  });
});
