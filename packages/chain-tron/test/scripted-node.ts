import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server standing in for a node only where a fault or a header must be observed:
 * it answers each path with a scripted JSON body (or a `RawReply`, or a `Scripted` function of
 * the request's body), or never answers when told to hang.
 */
export interface ScriptedNode {
  readonly url: string;
  readonly requests: ReadonlyArray<{
    readonly path: string;
    readonly headers: IncomingHttpHeaders;
    /** When the request arrived (ms since the epoch). */
    readonly at: number;
    /** The request's body as text, once it has arrived. */
    readonly body: string;
  }>;
  close(): Promise<void>;
}

/** An answer that is not 200 with JSON: what a proxy in front of a node, or a broken node, sends. */
export class RawReply {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {}
}

/** An answer that depends on what was asked (a view call's selector, say). */
export class Scripted {
  constructor(readonly answer: (body: string) => unknown) {}
}

export const startScriptedNode = async (
  answers: Readonly<Record<string, unknown>> | 'hang',
): Promise<ScriptedNode> => {
  const requests: Array<{ path: string; headers: IncomingHttpHeaders; at: number; body: string }> = [];
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const received = { path, headers: request.headers, at: Date.now(), body: '' };
    requests.push(received);
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      received.body += chunk;
    });
    if (answers === 'hang') return;
    // Answered once the whole request is in, so `body` is complete when the caller has its reply.
    request.on('end', () => {
      const scripted = answers[path];
      answer(scripted instanceof Scripted ? scripted.answer(received.body) : scripted, response);
    });
  });
  const answer = (scripted: unknown, response: ServerResponse): void => {
    if (scripted instanceof RawReply) {
      response.writeHead(scripted.status, { 'content-type': 'text/plain' });
      response.end(scripted.text);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(scripted ?? {}));
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** A URL on which nothing listens: the port was bound, then released. */
export const closedNodeUrl = async (): Promise<string> => {
  const node = await startScriptedNode({});
  await node.close();
  return node.url;
};
