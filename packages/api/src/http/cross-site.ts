import type { FastifyRequest } from 'fastify';

/** The methods that change state, and so the ones a cross-site page must not send with our cookies. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** An origin in its serialized form (`https://shop.example`, default port dropped), or null. */
export const originOf = (text: string): string | null => {
  try {
    const origin = new URL(text).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
};

/** Scheme and Host as this request reached us; under TRUST_PROXY, as the proxy says it did. */
const ownOriginOf = (request: FastifyRequest): string | null =>
  originOf(`${request.protocol}://${request.host}`);

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/**
 * Whether a browser sent this request from a page of another site (docs/api.md, "Authentication").
 * `Sec-Fetch-Site` decides where a browser sends it; older browsers are judged by `Origin`.
 * Requests with neither header are not a browser's; those carrying only a Bearer token or an API
 * key hold no credential a browser adds by itself, and a page cannot set those headers across
 * sites without a CORS preflight, which only the allow-listed origins pass.
 */
export const isCrossSiteRequest = (request: FastifyRequest, allowedOrigins: ReadonlySet<string>): boolean => {
  const site = headerOf(request, 'sec-fetch-site');
  const originHeader = headerOf(request, 'origin');
  if (site === undefined && originHeader === undefined) return false;
  const explicitCredentialOnly =
    request.headers.cookie === undefined &&
    (request.headers.authorization !== undefined || request.headers['x-api-key'] !== undefined);
  if (explicitCredentialOnly) return false;
  const origin = originHeader === undefined ? null : originOf(originHeader);
  if (origin !== null && allowedOrigins.has(origin)) return false;
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  return origin === null || origin !== ownOriginOf(request);
};
