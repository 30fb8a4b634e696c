import http from 'node:http';
import https from 'node:https';

export interface NodeHttpOptions {
  readonly fullHost: string;
  readonly apiKey?: string | undefined;
  readonly timeoutMs: number;
}

/**
 * How a reply's bytes become text. `latin1` is a one-byte string V8 makes without decoding, for
 * replies of which only ASCII is read (a block: hex ids and addresses, contract types, results,
 * numbers; JSON's own syntax is ASCII, so a multi-byte character in a memo only reads as other
 * characters in a field nobody looks at).
 */
export type ReplyText = 'utf8' | 'latin1';

export type NodePost = (path: string, body: string, text?: ReplyText) => Promise<unknown>;

/**
 * POSTs to the node over Node's own HTTP client with one keep-alive agent, rather than TronWeb's
 * axios: the calls of every payment (balance, bandwidth, reference block, broadcast) and every
 * block the deposit scanner reads, since axios's per-request machinery (interceptors, config
 * merging, follow-redirects) is work these fixed JSON posts never need. Same host, API key header
 * and timeout as TronWeb's calls; a non-2xx status or no answer in time rejects, as axios does.
 */
export const nodeHttpClient = (options: NodeHttpOptions): NodePost => {
  const base = options.fullHost.replace(/\/+$/, '');
  const client = base.startsWith('https:') ? https : http;
  const agent = new client.Agent({ keepAlive: true, maxSockets: 64 });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(options.apiKey ? { 'TRON-PRO-API-KEY': options.apiKey } : {}),
  };
  return (path, body, text = 'utf8') =>
    new Promise((resolve, reject) => {
      const signal = AbortSignal.timeout(options.timeoutMs);
      const fail = (error: unknown) =>
        reject(signal.aborted ? new Error(`timeout: no answer within ${options.timeoutMs} ms`) : error);
      const request = client.request(
        `${base}/${path}`,
        { method: 'POST', agent, headers, signal },
        (response) => {
          // Decoded chunk by chunk (the decoder keeps a character split between two chunks whole)
          // rather than joined into one Buffer first, since a block-sized Buffer is an mmap of its
          // own under the production malloc setting (MALLOC_MMAP_THRESHOLD_).
          response.setEncoding(text);
          let body = '';
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('error', fail);
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status < 200 || status > 299) {
              reject(new Error(`HTTP ${status} ${response.statusMessage ?? ''}`.trim()));
              return;
            }
            try {
              resolve(JSON.parse(body));
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      request.on('error', fail);
      request.end(body);
    });
};
