import { lookup as dnsLookup } from 'node:dns/promises';
import {
  Agent as HttpAgent,
  type ClientRequest,
  type IncomingMessage,
  request as httpRequest,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { WebhookRequest, WebhookResponse, WebhookSender } from '@trx-shop/domain';
import { isForbiddenAddress } from './address-guard.js';

/** The first 1 KB of a receiver's answer is kept; the rest is never read. */
export const RESPONSE_CAPTURE_BYTES = 1024;

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** Every address a host name resolves to (injected in tests; the system resolver otherwise). */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface WebhookSenderOptions {
  /** WEBHOOK_ALLOW_PRIVATE_HOSTS: allow loopback, private and link-local receivers (tests, an on-premise ERP). */
  readonly allowPrivateHosts: boolean;
  /** WEBHOOK_TIMEOUT_MS: the whole exchange, connection to the last byte read (default 10 s). */
  readonly timeoutMs: number;
  readonly resolve?: HostResolver;
}

const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const USER_AGENT = 'TRX-Shop-Webhooks/1';

/** The host of a URL as the resolver takes it (an IPv6 literal without its brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

type Vetted =
  | { readonly ok: true; readonly address: ResolvedAddress }
  | { readonly ok: false; readonly reason: string };

/**
 * Webhook requests over node:http(s). The host is resolved once, every address it gives is
 * vetted, and the connection goes to the vetted address (the `lookup` hook), so a name that
 * resolves differently a moment later (DNS rebinding) cannot send the request elsewhere.
 * Redirects are not followed, the wait is bounded and at most 1 KB of the answer is read.
 */
export const createWebhookSender = ({
  allowPrivateHosts,
  timeoutMs,
  resolve = systemResolver,
}: WebhookSenderOptions): WebhookSender => {
  // Kept-alive connections (per host and port, to the address vetted when each was opened): a
  // busy receiver is not a new TCP (and TLS) handshake per delivery. Idle ones never hold the
  // process open (Node unrefs them).
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  const vet = async (url: URL): Promise<Vetted> => {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { ok: false, reason: 'The webhook URL must be http or https' };
    }
    const host = hostOf(url);
    let addresses: readonly ResolvedAddress[];
    if (isIP(host) !== 0) {
      addresses = [{ address: host, family: isIP(host) }];
    } else {
      try {
        addresses = await resolve(host);
      } catch {
        return { ok: false, reason: `The webhook host ${host} does not resolve` };
      }
    }
    const first = addresses[0];
    if (!first) return { ok: false, reason: `The webhook host ${host} does not resolve` };
    if (!allowPrivateHosts && addresses.some(({ address }) => isForbiddenAddress(address))) {
      return {
        ok: false,
        reason:
          `The webhook host ${host} resolves to a loopback, private, link-local or metadata address` +
          ' (WEBHOOK_ALLOW_PRIVATE_HOSTS=true allows them, for development or a receiver on your own network)',
      };
    }
    return { ok: true, address: first };
  };

  const exchange = (url: URL, address: ResolvedAddress, outgoing: WebhookRequest): Promise<WebhookResponse> =>
    new Promise((resolveResponse) => {
      const startedAt = performance.now();
      let settled = false;
      const finish = (statusCode: number | null, response: string, error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolveResponse({
          statusCode,
          latencyMs: Math.round(performance.now() - startedAt),
          response,
          error,
        });
      };
      // The connection goes to the address vetted above, whatever the name resolves to now.
      const pinned: LookupFunction = (_hostname, options, callback) => {
        if (options.all) callback(null, [{ address: address.address, family: address.family }]);
        else callback(null, address.address, address.family);
      };
      const body = Buffer.from(outgoing.body);
      const secure = url.protocol === 'https:';
      const send = secure ? httpsRequest : httpRequest;
      let request: ClientRequest;
      const timer = setTimeout(() => {
        finish(null, '', `No complete answer within ${timeoutMs} ms`);
        request.destroy();
      }, timeoutMs);
      request = send(
        url,
        {
          method: 'POST',
          headers: { ...outgoing.headers, 'content-length': String(body.length), 'user-agent': USER_AGENT },
          lookup: pinned,
          agent: secure ? agents.https : agents.http,
        },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          const done = () =>
            finish(response.statusCode ?? null, Buffer.concat(chunks).toString('utf8'), null);
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk.subarray(0, RESPONSE_CAPTURE_BYTES - kept));
            kept = Math.min(RESPONSE_CAPTURE_BYTES, kept + chunk.length);
            if (kept >= RESPONSE_CAPTURE_BYTES) {
              done();
              response.destroy();
            }
          });
          response.on('end', done);
          response.on('error', () => done());
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => finish(null, '', error.code ?? error.message));
      request.end(body);
    });

  return {
    refusal: async (raw) => {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return 'The webhook URL is not an absolute URL';
      }
      const vetted = await vet(url);
      return vetted.ok ? null : vetted.reason;
    },
    send: async (outgoing) => {
      const url = new URL(outgoing.url);
      const vetted = await vet(url);
      if (!vetted.ok)
        return { statusCode: null, latencyMs: 0, response: '', error: `Not sent: ${vetted.reason}` };
      return exchange(url, vetted.address, outgoing);
    },
  };
};
