import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';

/**
 * The HTTP requests this process sends to `baseUrl`'s host, as Node's own HTTP client announces
 * them on its diagnostics channel: the adapter's calls are counted with nothing put in their way
 * (a counting proxy would add its own hop to every timed read).
 */
export const countNodeRequests = (baseUrl: string) => {
  const host = new URL(baseUrl).host;
  let paths: string[] = [];
  const onRequest = (message: unknown) => {
    const { request } = message as { request: ClientRequest };
    if (request.getHeader('host') === host) paths.push(request.path);
  };
  subscribe('http.client.request.start', onRequest);
  return {
    /** The paths requested since the last call (or since counting started), in order. */
    take: (): string[] => {
      const taken = paths;
      paths = [];
      return taken;
    },
    stop: () => {
      unsubscribe('http.client.request.start', onRequest);
    },
  };
};
