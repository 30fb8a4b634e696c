import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export interface FrontServer {
  readonly url: string;
  close(): Promise<void>;
}

const isFile = (path: string): Promise<boolean> =>
  stat(path).then(
    (found) => found.isFile(),
    () => false,
  );

/** A built file, else the HTML of the app whose paths it is under (the apps route in the browser). */
const serveApp = async (webRoot: string, pathname: string, response: ServerResponse): Promise<void> => {
  const wanted = normalize(join(webRoot, decodeURIComponent(pathname)));
  const inside = wanted.startsWith(`${webRoot}${sep}`);
  const appHtml = join(webRoot, /^\/admin(\/|$)/.test(pathname) ? 'admin/index.html' : 'index.html');
  const file = inside && (await isFile(wanted)) ? wanted : appHtml;
  response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
};

const forward = (api: URL, incoming: IncomingMessage, response: ServerResponse): void => {
  const upstream = request(
    {
      hostname: api.hostname,
      port: api.port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', (error) => {
    response.writeHead(502, { 'content-type': 'text/plain' });
    response.end(String(error));
  });
  incoming.pipe(upstream);
};

/**
 * Serves the built apps and passes `/api` (WebSocket included) to the service, same-origin as the
 * browser needs for its cookies: only for a service that does not serve the apps itself.
 */
export const startFrontServer = async (apiUrl: string, webRoot: string): Promise<FrontServer> => {
  const api = new URL(apiUrl);
  const server = createServer((incoming, response) => {
    const { pathname } = new URL(incoming.url ?? '/', 'http://front');
    if (pathname === '/api' || pathname.startsWith('/api/')) forward(api, incoming, response);
    else void serveApp(webRoot, pathname, response);
  });
  server.on('upgrade', (incoming: IncomingMessage, socket, head: Buffer) => {
    const upstream = connect(Number(api.port), api.hostname, () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/1.1`];
      for (let at = 0; at < incoming.rawHeaders.length; at += 2) {
        lines.push(`${incoming.rawHeaders[at]}: ${incoming.rawHeaders[at + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
