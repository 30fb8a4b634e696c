import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdmin, loginAdmin } from '../admin/admin-fixtures.js';
import { expectError, type LoggedIn, register } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { COMMITTED_OPENAPI_URL } from './openapi-document.js';

/*
 * docs/openapi.json is as strict as the service: each request below is refused by the service
 * with a 400 for its content, and its body (or query) is invalid by the document too, so a client
 * or a fuzzer that follows the document never sends it. Many of these rules are checked by the
 * domain, in its own words (src/http/domain-checked.ts); the document states them all the same.
 */

interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema: object }> };
        parameters?: { name: string; in: string; schema: object }[];
      }
    >
  >;
  components: object;
}

const document = JSON.parse(readFileSync(COMMITTED_OPENAPI_URL, 'utf8')) as Document;
const DOCUMENT_ID = 'https://trx-shop.example/openapi.json';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
// JSON numbers are decimal but Ajv divides doubles (139.99 / 0.000001 is no whole number there),
// so `multipleOf` gets a tolerance far below the amounts' sixth decimal.
const ajv = addFormats(new Ajv({ strict: false, allErrors: true, multipleOfPrecision: 6 }));
ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });

const absoluteRefs = (schema: object): object =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`)) as object;

/** Whether the document accepts this body (or this query parameter) for the operation. */
const documentAccepts = (method: string, path: string, input: Request['input']): boolean => {
  const operation = document.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`the document has no ${method} ${path}`);
  if ('body' in input) {
    const schema = operation.requestBody?.content['application/json']?.schema;
    if (!schema) throw new Error(`${method} ${path} documents no JSON body`);
    return ajv.validate(absoluteRefs(schema), input.body);
  }
  const [name, value] = Object.entries(input.query)[0] ?? [];
  const parameter = operation.parameters?.find((entry) => entry.in === 'query' && entry.name === name);
  if (!parameter) throw new Error(`${method} ${path} documents no query parameter ${name}`);
  return ajv.validate(absoluteRefs(parameter.schema), value);
};

interface Request {
  readonly case: string;
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  readonly url?: string;
  readonly as: 'anyone' | 'user' | 'admin';
  readonly input: { readonly body: unknown } | { readonly query: Record<string, string> };
  readonly code: string;
}

const registration = {
  email: 'strict@example.com',
  username: 'strict_user',
  password: 'long enough password',
  passwordConfirm: 'long enough password',
};
const product = { name: 'Mug', price: 3, category: 'physical' };
const someId = '6760c0f4a1b2c3d4e5f60730';

const REFUSED: readonly Request[] = [
  ...(
    [
      ['a username of two characters', { username: 'ab' }],
      ['a username with a space', { username: 'ann lee' }],
      ['an email without a domain', { email: 'ann@localhost' }],
      ['a password of seven characters', { password: 'seven77', passwordConfirm: 'seven77' }],
    ] as const
  ).map(([name, change]) => ({
    case: `registration with ${name}`,
    method: 'POST' as const,
    path: '/api/auth/register',
    as: 'anyone' as const,
    input: { body: { ...registration, ...change } },
    code: 'VALIDATION_ERROR',
  })),
  ...(
    [
      ['a phone of letters', { phone: 'call me' }],
      ['an unassigned country code', { country: 'XX' }],
      ['a lower-case country code', { country: 'de' }],
      ['a username with a slash', { username: 'ann/lee' }],
    ] as const
  ).map(([name, body]) => ({
    case: `a profile update with ${name}`,
    method: 'PUT' as const,
    path: '/api/users/profile',
    as: 'user' as const,
    input: { body },
    code: 'VALIDATION_ERROR',
  })),
  {
    case: 'a password change without the current password',
    method: 'PUT',
    path: '/api/users/password',
    as: 'user',
    input: { body: { newPassword: 'a new long password' } },
    code: 'VALIDATION_ERROR',
  },
  {
    case: 'a password change to seven characters',
    method: 'PUT',
    path: '/api/users/password',
    as: 'user',
    input: { body: { currentPassword: 'whatever it is', newPassword: 'seven77' } },
    code: 'VALIDATION_ERROR',
  },
  {
    case: 'a connected wallet that is no base58 address',
    method: 'POST',
    path: '/api/users/wallet/connect',
    as: 'user',
    input: { body: { walletAddress: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c' } },
    code: 'INVALID_ADDRESS',
  },
  ...(
    [
      ['seven decimals', 0.0000001],
      ['seven decimals as text', '1.0000001'],
      ['zero', 0],
      ['a negative amount', -1],
      ['an exponent as text', '1e2'],
      ['a leading zero as text', '01.5'],
      ['more than 1,000,000,000 TRX', 1_000_000_001],
    ] as const
  ).map(([name, amount]) => ({
    case: `a withdrawal of ${name}`,
    method: 'POST' as const,
    path: '/api/wallets/send',
    as: 'user' as const,
    input: { body: { toAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', amount } },
    code: 'VALIDATION_ERROR',
  })),
  {
    case: 'a withdrawal to a hex address',
    method: 'POST',
    path: '/api/wallets/send',
    as: 'user',
    input: { body: { toAddress: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c', amount: 1 } },
    code: 'INVALID_ADDRESS',
  },
  ...(
    [
      ['a name of spaces', { name: '   ' }],
      ['an ftp image', { image: 'ftp://images.example.com/mug.png' }],
      ['a price over 1,000,000 TRX', { price: 1_000_000.5 }],
      ['a price of seven decimals', { price: '2.0000001' }],
      ['a stock beyond the safe integers', { stock: 2 ** 60 }],
    ] as const
  ).map(([name, change]) => ({
    case: `a product created with ${name}`,
    method: 'POST' as const,
    path: '/api/admin/products',
    as: 'admin' as const,
    input: { body: { ...product, ...change } },
    code: 'VALIDATION_ERROR',
  })),
  {
    case: 'a refund of seven decimals',
    method: 'POST',
    path: '/api/admin/orders/{id}/refund',
    url: `/api/admin/orders/${someId}/refund`,
    as: 'admin',
    input: { body: { amount: '0.1234567' } },
    code: 'VALIDATION_ERROR',
  },
  {
    case: 'an audit filter on an unknown action',
    method: 'GET',
    path: '/api/admin/audit',
    as: 'admin',
    input: { query: { action: 'order.teleported' } },
    code: 'VALIDATION_ERROR',
  },
  {
    case: 'an API key named with spaces only',
    method: 'POST',
    path: '/api/admin/api-keys',
    as: 'admin',
    input: { body: { name: '  ', scopes: ['orders:read'] } },
    code: 'VALIDATION_ERROR',
  },
  {
    case: 'an API key with a scope twice',
    method: 'POST',
    path: '/api/admin/api-keys',
    as: 'admin',
    input: { body: { name: 'Sync', scopes: ['orders:read', 'orders:read'] } },
    code: 'VALIDATION_ERROR',
  },
  ...(
    [
      ['credentials in its URL', { url: 'https://ann:secret@erp.example.com/hooks' }],
      ['an ftp URL', { url: 'ftp://erp.example.com/hooks' }],
      [
        'an event type twice',
        { url: 'https://erp.example.com/hooks', events: ['order.completed', 'order.completed'] },
      ],
    ] as const
  ).map(([name, body]) => ({
    case: `a webhook with ${name}`,
    method: 'POST' as const,
    path: '/api/admin/webhooks',
    as: 'admin' as const,
    input: { body },
    code: 'VALIDATION_ERROR',
  })),
];

let h: TestApp;
let user: LoggedIn;
let admin: LoggedIn;

beforeAll(async () => {
  h = await createTestApp();
  user = await register(h.app);
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
});
afterAll(() => h.close());

describe('docs/openapi.json refuses what the service refuses', () => {
  it.each(REFUSED)(
    '$case: the service answers 400 $code, and the document refuses it too',
    async (request) => {
      const { method, path, input, as, code } = request;
      const query = 'query' in input ? `?${new URLSearchParams(input.query)}` : '';
      const response = await h.app.inject({
        method,
        url: `${request.url ?? path}${query}`,
        headers: as === 'anyone' ? {} : (as === 'user' ? user : admin).jar.header(),
        ...('body' in input ? { payload: input.body as object } : {}),
      });
      expectError(response, 400, code);
      expect(documentAccepts(method, path, input)).toBe(false);
    },
  );
});
