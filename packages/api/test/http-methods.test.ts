import { request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdmin, loginAdmin } from './admin/admin-fixtures.js';
import { expectError, type LoggedIn, register } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/*
 * Methods a path does not serve: 405 with the methods it does serve in `Allow`, and our error
 * body whatever the method, even one Node's HTTP parser cannot read.
 */

const SOME_ID = 'ab'.repeat(12);

let h: TestApp;
let user: LoggedIn;
let admin: LoggedIn;
let port: number;

beforeAll(async () => {
  h = await createTestApp();
  user = await register(h.app);
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  port = (h.app.server.address() as AddressInfo).port;
});
afterAll(() => h.close());

interface WireAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A request over a real socket of its own (Node's parser refuses some methods before Fastify). */
const overTheWire = (method: string, path: string) =>
  new Promise<WireAnswer>((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, method, path, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });

describe('a known path asked with a method it does not serve', () => {
  it.each([
    ['DELETE', '/api/products', 'GET, HEAD'],
    ['PUT', '/api/orders', 'GET, HEAD, POST'],
    ['GET', `/api/orders/${SOME_ID}/pay`, 'POST'],
    ['PUT', `/api/admin/webhooks/${SOME_ID}`, 'GET, HEAD, PATCH, DELETE'],
    ['POST', '/api/users/profile', 'GET, HEAD, PUT, PATCH'],
    ['DELETE', '/api/auth/login/', 'POST'],
    // The customers' export is no customer id: GET, which ids answer, is not among its methods.
    ['GET', '/api/admin/customers/export', 'POST'],
    ['DELETE', `/api/admin/customers/${SOME_ID}`, 'GET, HEAD'],
  ])('answers %s %s with 405 METHOD_NOT_ALLOWED and Allow: %s', async (method, url, allow) => {
    const response = await h.app.inject({
      method: method as 'GET',
      url,
      headers: (url.startsWith('/api/admin') ? admin : user).jar.header(),
    });
    const body = expectError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.allow).toBe(allow);
    expect(body.error).toBe(`This path answers ${allow} only`);
  });

  it('keeps 404 NOT_FOUND for a path no route serves with any method', async () => {
    for (const url of ['/api/no-such-route', `/api/orders/${SOME_ID}/nope`, '/api/productsx']) {
      const response = await h.app.inject({ method: 'DELETE', url });
      expectError(response, 404, 'NOT_FOUND');
      expect(response.headers.allow).toBeUndefined();
    }
  });

  it('names the path’s own methods in Allow for a method no route serves at all', async () => {
    const response = await h.app.inject({ method: 'PROPFIND' as 'GET', url: `/api/orders/${SOME_ID}/pay` });
    expectError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.allow).toBe('POST');
  });
});

describe('methods over the wire', () => {
  it('answers a method Node cannot parse (FOO) with 405 and our error body', async () => {
    const answer = await overTheWire('FOO', '/api/products');
    expect(answer.status).toBe(405);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(JSON.parse(answer.body)).toEqual({
      error: 'This method is not supported',
      code: 'METHOD_NOT_ALLOWED',
    });
  });

  it('answers PROPFIND and a wrong method on a known path with our error body', async () => {
    const propfind = await overTheWire('PROPFIND', '/api/products');
    expect(propfind.status).toBe(405);
    expect(propfind.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(propfind.body)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    const put = await overTheWire('PUT', '/api/products');
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(put.body)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });

  it('answers a request line Node cannot parse with 400 VALIDATION_ERROR and our error body', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = connect({ host: '127.0.0.1', port }, () =>
        socket.write('GET /api/products HTTP/1.1\r\nno colon here\r\n\r\n'),
      );
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(body)).toEqual({ error: 'The request is not valid HTTP', code: 'VALIDATION_ERROR' });
  });
});
