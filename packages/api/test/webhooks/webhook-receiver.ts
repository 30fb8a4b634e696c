import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the receiver answers one request. */
export type ReceiverMode = 'ok' | 'error' | 'hang' | 'reset' | 'redirect' | 'large';

export interface ReceivedRequest {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly mode: ReceiverMode;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly port: number;
  readonly received: ReceivedRequest[];
  /** TCP connections accepted so far (a refused send never opens one). */
  connections(): number;
  /** The next requests' answers, in order; once they are used up, every request gets `ok`. */
  script(...modes: ReceiverMode[]): void;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on 127.0.0.1 that fails on purpose: `error` answers 500, `hang` never
 * answers, `reset` destroys the connection, `redirect` answers 302 elsewhere, `large` answers 200
 * with 64 KB; `ok` answers 204 after recording.
 */
export const startWebhookReceiver = async (path = '/hooks/shop'): Promise<WebhookReceiver> => {
  const received: ReceivedRequest[] = [];
  const queue: ReceiverMode[] = [];
  const hanging = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const mode = queue.shift() ?? 'ok';
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), mode });
      switch (mode) {
        case 'error':
          response.writeHead(500, { 'content-type': 'text/plain' }).end('receiver broke on purpose');
          return;
        case 'hang':
          hanging.add(() => response.destroy());
          return;
        case 'reset':
          request.socket.destroy();
          return;
        case 'redirect':
          response.writeHead(302, { location: `http://127.0.0.1:1${path}` }).end();
          return;
        case 'large':
          response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(64 * 1024));
          return;
        default:
          response.writeHead(204).end();
      }
    });
  });
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    received,
    connections: () => connections,
    script: (...modes) => {
      queue.push(...modes);
    },
    close: async () => {
      for (const end of hanging) end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
