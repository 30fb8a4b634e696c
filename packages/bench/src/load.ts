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
