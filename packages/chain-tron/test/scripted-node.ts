import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server standing in for a node only where a fault or a header must be observed:
 * it answers each path with a scripted JSON body (or a `RawReply`), or never answers when told
 * to hang.
 */
export interface ScriptedNode {
  readonly url: string;
  readonly requests: ReadonlyArray<{
    readonly path: string;
    readonly headers: IncomingHttpHeaders;
    /** When the request arrived (ms since the epoch). */
    readonly at: number;
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

export const startScriptedNode = async (
  answers: Readonly<Record<string, unknown>> | 'hang',
): Promise<ScriptedNode> => {
  const requests: Array<{ path: string; headers: IncomingHttpHeaders; at: number }> = [];
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    requests.push({ path, headers: request.headers, at: Date.now() });
    request.resume();
    if (answers === 'hang') return;
    const answer = answers[path];
    if (answer instanceof RawReply) {
      response.writeHead(answer.status, { 'content-type': 'text/plain' });
      response.end(answer.text);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer ?? {}));
  });
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
