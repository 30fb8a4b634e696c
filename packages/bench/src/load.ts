import autocannon from 'autocannon';

export interface LoadRequest {
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly connections: number;
  readonly durationSeconds: number;
}

export interface LoadFigures {
  readonly requestsPerSecond: number;
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
  readonly requests: number;
  /** Non-2xx answers plus transport errors and timeouts: any of them spoils the figure. */
  readonly failures: number;
}

/** One autocannon run. Its requests/second is the mean over the run's one-second samples. */
export const runLoad = async (request: LoadRequest): Promise<LoadFigures> => {
  const result = await autocannon({
    url: request.url,
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    connections: request.connections,
    duration: request.durationSeconds,
    // A 1.6 MB CSV export may take seconds under load; a slow answer is a figure, not a failure.
    timeout: 30,
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
};

/** One request of a mixed load, and how to tell that its answer is the right one. */
export interface MixedRequest {
  readonly path: string;
  readonly headers?: Record<string, string>;
  /** Whether a 200 answer's body is the one this request must get (a cheap check). */
  readonly expect: (body: string) => boolean;
  /** The answer read before the load: what the ceiling serves when this request comes first. */
  readonly body?: string;
}

export interface MixedLoadFigures extends LoadFigures {
  /** Answers that were 200 with the right body; the only ones counted in requestsPerSecond. */
  readonly correct: number;
  /** 200 answers whose body failed `expect` (counted in failures as well). */
  readonly wrongBodies: number;
}

/**
 * Autocannon cycling through `requests` on every connection, each answer checked: only 200s with
 * the right body count, so a fast wrong answer (a stale or empty page) can never raise the figure.
 */
export const runMixedLoad = async (options: {
  readonly baseUrl: string;
  readonly requests: readonly MixedRequest[];
  readonly connections: number;
  readonly durationSeconds: number;
}): Promise<MixedLoadFigures> => {
  let correct = 0;
  let wrongBodies = 0;
  const started = performance.now();
  const result = await autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.durationSeconds,
    timeout: 30,
    requests: options.requests.map((request) => ({
      method: 'GET' as const,
      path: request.path,
      headers: request.headers ?? {},
      onResponse: (status: number, body: string) => {
        if (status !== 200) return;
        if (request.expect(body)) correct += 1;
        else wrongBodies += 1;
      },
    })),
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    requestsPerSecond: correct / seconds,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts + wrongBodies,
    correct,
    wrongBodies,
  };
};
