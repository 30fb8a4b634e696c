import { randomBytes } from 'node:crypto';

export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly setCookies: readonly string[];
}

export class UnexpectedAnswer extends Error {}

/** Real HTTP with Bearer auth; a body that is not a JSON object is kept as `{text}`. */
export const call = async (
  baseUrl: string,
  method: string,
  path: string,
  options: {
    readonly token?: string;
    readonly body?: unknown;
    readonly headers?: Record<string, string>;
  } = {},
): Promise<Answer> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    body = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : { text };
  } catch {
    body = { text };
  }
  return { status: response.status, body, setCookies: response.headers.getSetCookie() };
};

export const expectStatus = <T extends { readonly status: number; readonly body: unknown }>(
  answer: T,
  status: number,
  what: string,
): T => {
  if (answer.status !== status) {
    throw new UnexpectedAnswer(
      `${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
  return answer;
};

export const cookieValue = (setCookies: readonly string[], name: string): string => {
  for (const line of setCookies) {
    const [pair] = line.split(';');
    const at = pair?.indexOf('=') ?? -1;
    if (pair && at > 0 && pair.slice(0, at) === name) return decodeURIComponent(pair.slice(at + 1));
  }
  throw new UnexpectedAnswer(`no ${name} cookie in ${JSON.stringify(setCookies)}`);
};

export const logIn = async (baseUrl: string, email: string, password: string): Promise<string> => {
  const answer = await call(baseUrl, 'POST', '/api/auth/login', { body: { email, password } });
  expectStatus(answer, 200, `login as ${email}`);
  return cookieValue(answer.setCookies, 'accessToken');
};

export interface RegisteredAccount {
  readonly email: string;
  readonly username: string;
  readonly password: string;
  readonly id: string;
  readonly address: string;
  readonly token: string;
}

/** Registers a new customer (a random name unless given) and answers it with its access token. */
export const registerAccount = async (
  baseUrl: string,
  credentials: { readonly email: string; readonly username: string; readonly password: string } = (() => {
    const tag = randomBytes(4).toString('hex');
    return { email: `buyer-${tag}@example.com`, username: `buyer_${tag}`, password: `Buyer-${tag}-pw` };
  })(),
): Promise<RegisteredAccount> => {
  const answer = await call(baseUrl, 'POST', '/api/auth/register', {
    body: { ...credentials, passwordConfirm: credentials.password },
  });
  expectStatus(answer, 201, `register ${credentials.email}`);
  const user = answer.body.user as { id: string; wallet: { address: string } };
  return {
    ...credentials,
    id: user.id,
    address: user.wallet.address,
    token: cookieValue(answer.setCookies, 'accessToken'),
  };
};
