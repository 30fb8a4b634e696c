/**
 * The API as a test scripts it: `globalThis.fetch` answers from a list of canned answers and
 * records every request. The app's client keeps the `fetch` it found when it was created, so
 * this module installs its forwarding `fetch` on import: import it before the code under test.
 */

export interface FakeAnswer {
  readonly method?: string;
  /** The exact pathname, or a pattern tested against pathname and query (`/api/x?page=2`). */
  readonly path: string | RegExp;
  readonly status?: number;
  readonly body?: unknown;
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: unknown;
}

export interface FakeApi {
  readonly requests: RecordedRequest[];
  /** Adds answers; a later answer to the same request wins over an earlier one. */
  answer(...answers: FakeAnswer[]): void;
  /** The requests made to a pathname (any method unless given). */
  requestsTo(path: string, method?: string): RecordedRequest[];
}

type Fetch = typeof globalThis.fetch;

const realFetch: Fetch = globalThis.fetch;
let current: Fetch = realFetch;
Object.assign(globalThis, { fetch: ((input, init) => current(input, init)) satisfies Fetch });

const matches = (answer: FakeAnswer, method: string, url: URL): boolean => {
  if ((answer.method ?? 'GET').toUpperCase() !== method) return false;
  return typeof answer.path === 'string'
    ? answer.path === url.pathname
    : answer.path.test(`${url.pathname}${url.search}`);
};

const readBody = async (request: Request): Promise<unknown> => {
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Replaces the API with `answers`; a request none of them matches gets a 404 `NOT_FOUND` naming it. */
export const fakeApi = (...initial: FakeAnswer[]): FakeApi => {
  const answers: FakeAnswer[] = [...initial];
  const requests: RecordedRequest[] = [];
  current = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    requests.push({ method, path: url.pathname, query: url.searchParams, body: await readBody(request) });
    const answer = answers.findLast((candidate) => matches(candidate, method, url));
    if (!answer) {
      return Response.json(
        {
          success: false,
          code: 'NOT_FOUND',
          error: `the fake API has no answer to ${method} ${url.pathname}`,
        },
        { status: 404 },
      );
    }
    const status = answer.status ?? 200;
    return answer.body === undefined
      ? new Response(null, { status })
      : Response.json(answer.body, { status });
  };
  return {
    requests,
    answer: (...more) => {
      answers.push(...more);
    },
    requestsTo: (path, method) =>
      requests.filter(
        (request) => request.path === path && (!method || request.method === method.toUpperCase()),
      ),
  };
};

/** Puts the real `fetch` back (for an `afterEach`). */
export const restoreFetch = (): void => {
  current = realFetch;
};
