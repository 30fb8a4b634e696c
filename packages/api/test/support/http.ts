import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { CookieJar } from './cookies.js';

export const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
export const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

export const json = (response: LightMyRequestResponse): Record<string, unknown> =>
  response.json<Record<string, unknown>>();

export interface Credentials {
  readonly email: string;
  readonly username: string;
  readonly password: string;
}

export const newCredentials = (overrides: Partial<Credentials> = {}): Credentials => {
  const tag = randomBytes(4).toString('hex');
  return {
    email: `user-${tag}@example.com`,
    username: `user_${tag}`,
    password: `pass-${tag}-word`,
    ...overrides,
  };
};

export interface LoggedIn extends Credentials {
  readonly userId: string;
  readonly jar: CookieJar;
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly response: LightMyRequestResponse;
}

const loggedIn = (credentials: Credentials, response: LightMyRequestResponse): LoggedIn => {
  const jar = new CookieJar().update(response.headers);
  const user = json(response).user as { id: string };
  const accessToken = jar.get('accessToken');
  const refreshToken = jar.get('refreshToken');
  if (!accessToken || !refreshToken)
    throw new Error(`no auth cookies in ${response.statusCode} ${response.body}`);
  return { ...credentials, userId: user.id, jar, accessToken, refreshToken, response };
};

/** Registers through the API (201 expected) and returns the new user's cookies and id. */
export const register = async (
  app: FastifyInstance,
  overrides: Partial<Credentials> = {},
  userAgent = CHROME_ON_LINUX,
): Promise<LoggedIn> => {
  const credentials = newCredentials(overrides);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'user-agent': userAgent },
    payload: { ...credentials, passwordConfirm: credentials.password },
  });
  if (response.statusCode !== 201)
    throw new Error(`register answered ${response.statusCode}: ${response.body}`);
  return loggedIn(credentials, response);
};

/** Logs in through the API (200 expected): a second device of the same user. */
export const login = async (
  app: FastifyInstance,
  credentials: Credentials,
  userAgent = FIREFOX_ON_WINDOWS,
  code?: string,
): Promise<LoggedIn> => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { email: credentials.email, password: credentials.password, ...(code ? { code } : {}) },
  });
  if (response.statusCode !== 200) throw new Error(`login answered ${response.statusCode}: ${response.body}`);
  return loggedIn(credentials, response);
};

const SUCCESS_FLAG_PREFIXES = ['/api/users', '/api/auth', '/api/security', '/api/sessions', '/api/wallets'];

/**
 * Asserts an error answer: the status, `code`, a human `error` text, and `success: false`
 * exactly under the paths docs/decisions.md section 4 names. Returns the body for further checks.
 */
export const expectError = (
  response: LightMyRequestResponse,
  status: number,
  code: string,
  url = response.raw.req.url ?? '',
): Record<string, unknown> => {
  const body = json(response);
  expect({ status: response.statusCode, code: body.code }, response.body).toEqual({ status, code });
  expect(typeof body.error).toBe('string');
  expect(String(body.error).length).toBeGreaterThan(0);
  if (SUCCESS_FLAG_PREFIXES.some((prefix) => url.startsWith(prefix))) expect(body.success).toBe(false);
  else expect(body).not.toHaveProperty('success');
  return body;
};
