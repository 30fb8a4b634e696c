import { Writable } from 'node:stream';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstIllFormedText } from '../src/http/well-formed-text.js';
import { insertAdmin, loginAdmin } from './admin/admin-fixtures.js';
import { expectError, json, type LoggedIn, register } from './support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from './support/test-app.js';

/*
 * What the service reads as a request body: an empty body is no body where an operation takes
 * none (whatever its Content-Type), a JSON `null` is not an object, only UTF-8 application/json
 * is read (else 415), and nesting is bounded before anything recursive reads the body.
 */

interface DocumentedOperation {
  readonly requestBody?: { readonly required?: boolean };
}

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly takesBody: 'required' | 'optional' | 'none';
}

/** An id no resource has: operations with ids answer 404 once the body is accepted. */
const UNKNOWN_ID = 'ab'.repeat(12);
const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];

type LogLine = Record<string, unknown>;
const lines: LogLine[] = [];

let devnet: RunningDevnet;
let h: TestApp;
let admin: LoggedIn;
let operations: Operation[];

beforeAll(async () => {
  devnet = await startTestDevnet();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  h = await createTestApp({ devnet, logStream: sink });
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
  const document = json(await h.app.inject({ url: '/api/docs/json' })) as {
    paths: Record<string, Record<string, DocumentedOperation>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => WRITE_METHODS.includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        takesBody:
          operation.requestBody === undefined
            ? ('none' as const)
            : operation.requestBody.required === true
              ? ('required' as const)
              : ('optional' as const),
      })),
  );
});
afterAll(async () => {
  await h.close();
  await devnet.stop();
});

const key = (operation: Operation) => `${operation.method} ${operation.path}`;
const urlOf = (operation: Operation) => operation.path.replace(/\{[^}]+\}/g, UNKNOWN_ID);

/** A fresh caller per request: refreshing rotates the refresh token a second request would reuse. */
const callerFor = async (operation: Operation): Promise<LoggedIn> =>
  operation.path.startsWith('/api/admin') ? admin : register(h.app);

const send = async (operation: Operation, contentType: string | undefined, payload: string) =>
  h.app.inject({
    method: operation.method as 'POST',
    url: urlOf(operation),
    headers: {
      ...(await callerFor(operation)).jar.header(),
      ...(contentType === undefined ? {} : { 'content-type': contentType }),
    },
    payload,
  });

const withoutBody = () => operations.filter((operation) => operation.takesBody !== 'required');
const withBody = () => operations.filter((operation) => operation.takesBody !== 'none');

describe('an empty body', () => {
  it('the document lists the operations that take no body (or an optional one)', () => {
    expect(withoutBody().map(key)).toEqual(
      expect.arrayContaining([
        'POST /api/orders/{id}/pay',
        'POST /api/orders/{id}/cancel',
        'POST /api/auth/refresh',
        'DELETE /api/sessions/{id}',
        'DELETE /api/admin/products/{id}',
        'POST /api/admin/webhooks/{id}/ping',
        'POST /api/admin/webhooks/{id}/rotate-secret',
        'POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver',
        'POST /api/admin/customers/export',
        'POST /api/admin/orders/{id}/refund',
      ]),
    );
    expect(withoutBody().length).toBeGreaterThanOrEqual(12);
  });

  it('is no body on every operation that takes none, sent as application/json or text/plain', async () => {
    const answers: string[] = [];
    for (const operation of withoutBody()) {
      for (const contentType of ['application/json', 'text/plain']) {
        const response = await send(operation, contentType, '');
        // Past the body, an operation on an unknown id answers 404; one without ids does its job.
        const expected = operation.path.includes('{') ? 404 : 200;
        // Created (201) and queued (202) are the job done too.
        const status = response.statusCode === 201 || response.statusCode === 202 ? 200 : response.statusCode;
        answers.push(`${key(operation)} [${contentType}] ${status === expected ? 'ok' : response.body}`);
      }
    }
    expect(answers.filter((answer) => !answer.endsWith(' ok'))).toEqual([]);
  });

  it('is still refused on every operation that needs a body', async () => {
    const required = operations.filter((operation) => operation.takesBody === 'required');
    expect(required.map(key)).toEqual(expect.arrayContaining(['POST /api/orders', 'POST /api/auth/login']));
    for (const operation of required) {
      const body = expectError(await send(operation, 'application/json', ''), 400, 'VALIDATION_ERROR');
      expect(body.error, key(operation)).toBe('Body must not be empty JSON');
    }
  });
});

describe('a JSON null body', () => {
  it('is refused with 400 VALIDATION_ERROR on every operation that reads a body', async () => {
    for (const operation of withBody()) {
      const response = await send(operation, 'application/json', 'null');
      expect(response.statusCode, `${key(operation)}: ${response.body}`).toBe(400);
      expect(json(response)).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'body', message: 'body must be object' }],
      });
    }
  });

  it('refreshes nothing: no new cookies for a null body on POST /api/auth/refresh', async () => {
    const user = await register(h.app);
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...user.jar.header(), 'content-type': 'application/json' },
      payload: 'null',
    });
    expectError(response, 400, 'VALIDATION_ERROR');
    expect(response.headers['set-cookie']).toBeUndefined();
    // The refresh token was not rotated: it still refreshes.
    const refreshed = await h.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: user.jar.header(),
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
  });
});

describe('media types', () => {
  const loginWith = async (contentType: string | undefined) => {
    const user = await register(h.app);
    return h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: contentType === undefined ? {} : { 'content-type': contentType },
      payload: JSON.stringify({ email: user.email, password: user.password }),
    });
  };

  it('answers 415 UNSUPPORTED_MEDIA_TYPE to a body that is not application/json', async () => {
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      undefined,
    ]) {
      const body = expectError(await loginWith(contentType), 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(body.error).toBe('Send JSON (application/json)');
    }
  });

  it('answers 415 to JSON in a charset other than UTF-8', async () => {
    for (const contentType of [
      'application/json; charset=latin1',
      'application/json; charset=ISO-8859-1',
      'application/json;charset=utf-16',
    ]) {
      const body = expectError(await loginWith(contentType), 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(body.error, contentType).toBe('JSON bodies are UTF-8: send charset=utf-8 or no charset');
    }
  });

  it('reads UTF-8 JSON, however the charset is spelled', async () => {
    for (const contentType of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=UTF-8',
      'Application/JSON;charset="utf-8"',
    ]) {
      expect((await loginWith(contentType)).statusCode, contentType).toBe(200);
    }
  });

  it('answers 415 to a non-empty body of another type on an operation that takes none', async () => {
    const user = await register(h.app);
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...user.jar.header(), 'content-type': 'text/plain' },
      payload: 'refresh please',
    });
    expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('nesting depth', () => {
  const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const anonymousLogin = (payload: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('answers 400 VALIDATION_ERROR to a body nested 5,000 deep, and logs no error', async () => {
    const response = await anonymousLogin(nested(5_000));
    const body = expectError(response, 400, 'VALIDATION_ERROR');
    expect(body.details).toEqual([
      { field: 'body', message: 'body nests objects and arrays deeper than 32 levels' },
    ]);
    expect(response.body).not.toMatch(/stack|RangeError/);
    const requestId = String(response.headers['x-request-id']);
    // A later request's completion line: everything the deep request logged is in by then.
    const marker = await h.app.inject({ url: '/api/health/live' });
    const markerId = String(marker.headers['x-request-id']);
    await expect.poll(() => lines.some((line) => line.reqId === markerId)).toBe(true);
    const logged = lines.filter((line) => line.reqId === requestId);
    expect(logged.map((line) => line.msg)).toEqual(['request completed']);
    expect(logged.every((line) => Number(line.level) < 50)).toBe(true);
  });

  it('reads a body nested exactly 32 deep, and refuses one nested 33 deep', async () => {
    // 32 levels pass the depth check and reach the schema, which misses the email first.
    expect(expectError(await anonymousLogin(nested(32)), 400, 'VALIDATION_ERROR').details).toEqual([
      { field: 'email', message: 'email is required' },
    ]);
    expect(expectError(await anonymousLogin(nested(33)), 400, 'VALIDATION_ERROR').details).toEqual([
      expect.objectContaining({ field: 'body' }),
    ]);
    const arrays = `{"email":${'['.repeat(33)}${']'.repeat(33)}}`;
    expect(expectError(await anonymousLogin(arrays), 400, 'VALIDATION_ERROR').details).toEqual([
      expect.objectContaining({ field: 'body' }),
    ]);
  });

  it('counts brackets inside strings as text, not nesting', async () => {
    const response = await anonymousLogin(JSON.stringify({ email: `${'[{'.repeat(500)}@x`, password: 'p' }));
    expect(expectError(response, 400, 'VALIDATION_ERROR').details).toEqual([
      expect.objectContaining({ field: 'email' }),
    ]);
  });

  it('finds a lone surrogate 100,000 levels down without recursion', () => {
    let value: unknown = { name: 'bad \ud800' };
    for (let level = 0; level < 100_000; level += 1) value = [value];
    expect(firstIllFormedText(value)).toBe(`${'/0'.repeat(100_000)}/name`);
  });
});
