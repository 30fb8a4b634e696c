import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JsonObject } from '../chain/signed-transaction.js';
import { readRequestParams, UnparsableRequestError } from './request-params.js';

/** Answer the request never: the `timeout` fault (the socket is destroyed when the server stops). */
export const NO_ANSWER = Symbol('no answer');

/** `text` is a body already made into JSON (a solid block's reply, made once). */
export type RouteAnswer =
  | { readonly status?: number; readonly body: unknown }
  | { readonly status?: number; readonly text: string }
  | typeof NO_ANSWER;
export type RouteHandler = (params: JsonObject) => RouteAnswer;
export type RouteTable = ReadonlyMap<string, RouteHandler>;

export interface RunningHttpServer {
  readonly url: string;
  close(): Promise<void>;
}

const sendText = (response: ServerResponse, status: number, text: string): void => {
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
};

const send = (response: ServerResponse, status: number, body: unknown): void => {
  sendText(response, status, JSON.stringify(body));
};

const answer = async (routes: RouteTable, request: IncomingMessage, response: ServerResponse) => {
  const url = new URL(request.url ?? '/', 'http://devnet');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const handler = routes.get(path);
  if (handler === undefined) {
    send(response, 404, { Error: `no such endpoint: ${path}` });
    return;
  }
  let params: JsonObject;
  try {
    params = await readRequestParams(request, url);
  } catch (error) {
    if (!(error instanceof UnparsableRequestError)) throw error;
    // java-tron reports unparsable input in the body of an HTTP 200 (`Util.processError`).
    send(response, 200, { Error: error.message });
    return;
  }
  const result = handler(params);
  if (result === NO_ANSWER) return;
  if ('text' in result) sendText(response, result.status ?? 200, result.text);
  else send(response, result.status ?? 200, result.body);
};

export const startHttpServer = async (
  routes: RouteTable,
  host: string,
  port: number,
  logger: (line: string) => void,
): Promise<RunningHttpServer> => {
  const server = createServer((request, response) => {
    answer(routes, request, response).catch((error: unknown) => {
      logger(`devnet: ${request.method} ${request.url} failed: ${String(error)}`);
      if (!response.headersSent)
        send(response, 200, { Error: `class java.lang.Exception : ${String(error)}` });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${urlHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
};
