/**
 * A stand-in for the API behind the global `fetch`, answering what each test lists and recording
 * every request. The apps' shop client keeps the `fetch` it was created with, so this module puts
 * its own in place when first imported: a test file imports it before anything from `src/`.
 */

export interface FakeAnswer {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The request's pathname, exactly, or a pattern it must match. */
  readonly path: string | RegExp;
  readonly status?: number;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** The answer waits for this, so a test sees what a page shows while a request is under way. */
  readonly until?: Promise<unknown>;
}

export interface RecordedRequest {
  readonly method: string;
  readonly url: URL;
  /** The JSON body sent, or undefined when none was. */
  readonly body: unknown;
  readonly headers: Headers;
}

export interface FakeApi {
  readonly requests: RecordedRequest[];
  /** Adds answers; the latest one that matches a request answers it. */
  answer(...answers: FakeAnswer[]): void;
  /** The requests made with this method to this pathname (or pattern). */
  requestsTo(method: FakeAnswer['method'], path: string | RegExp): RecordedRequest[];
}

const realFetch = globalThis.fetch;
let current: ((request: Request) => Promise<Response>) | undefined;

globalThis.fetch = (input, init) => {
  const request = new Request(input, init);
  return current ? current(request) : realFetch(request);
};

const matches = (path: string | RegExp, pathname: string): boolean =>
  typeof path === 'string' ? path === pathname : path.test(pathname);

/** Answers the listed requests until `stopFakeApi`; anything unlisted gets a 501 naming it. */
export const startFakeApi = (...initial: FakeAnswer[]): FakeApi => {
  const answers = [...initial];
  const requests: RecordedRequest[] = [];
  current = async (request) => {
    const url = new URL(request.url);
    const text = await request.text();
    requests.push({
      method: request.method,
      url,
      body: text ? JSON.parse(text) : undefined,
      headers: request.headers,
    });
    const answer = answers.findLast(
      (candidate) => candidate.method === request.method && matches(candidate.path, url.pathname),
    );
    if (answer?.until) await answer.until;
    const status = answer ? (answer.status ?? 200) : 501;
    const body = answer
      ? answer.body
      : {
          success: false,
          code: 'NO_FAKE_ANSWER',
          error: `The test gave no answer to ${request.method} ${url.pathname}`,
        };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    requests,
    answer: (...more) => {
      answers.push(...more);
    },
    requestsTo: (method, path) =>
      requests.filter((request) => request.method === method && matches(path, request.url.pathname)),
  };
};

export const stopFakeApi = (): void => {
  current = undefined;
};
