import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ShopMetrics } from './shop-metrics.js';

export interface MetricsServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * `/metrics` on a port of its own (METRICS_PORT), for a scraper inside the host or the cluster
 * network: no token, so it listens on METRICS_HOST (127.0.0.1 unless told otherwise).
 */
export const startMetricsServer = async (
  metrics: ShopMetrics,
  options: { readonly host: string; readonly port: number },
): Promise<MetricsServer> => {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: try /metrics\n');
      return;
    }
    metrics.scrape().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
