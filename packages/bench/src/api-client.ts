/** The few calls the benchmark makes outside the measured load, over plain fetch. */

export class UnexpectedAnswer extends Error {}

const accessTokenOf = (response: Response): string => {
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^accessToken=([^;]+)/.exec(cookie);
    if (match) return match[1] as string;
  }
  throw new UnexpectedAnswer(`no accessToken cookie from ${response.url}`);
};

export const callJson = async (
  url: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown>; response: Response }> => {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, body, response };
};

export const expectStatus = <T extends { status: number; body: unknown }>(
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

export const logIn = async (baseUrl: string, email: string, password: string): Promise<string> => {
  const answer = await callJson(`${baseUrl}/api/auth/login`, { method: 'POST', body: { email, password } });
  expectStatus(answer, 200, `login as ${email}`);
  return accessTokenOf(answer.response);
};

export const register = async (
  baseUrl: string,
  name: string,
  password: string,
): Promise<{ token: string; userId: string }> => {
  const answer = await callJson(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    body: { email: `${name}@bench.example`, username: name, password, passwordConfirm: password },
  });
  expectStatus(answer, 201, `register ${name}`);
  const user = answer.body.user as { id: string };
  return { token: accessTokenOf(answer.response), userId: user.id };
};
