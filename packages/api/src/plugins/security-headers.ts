import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet's headers on every response. The CSP keeps scripts to our own origin (no inline script),
 * allows the inline styles and data-URI images swagger-ui needs for /api/docs, and images from
 * any https host, where product images may live.
 *
 * Helmet's headers do not depend on the request, so they are computed once at start-up and set
 * as one block per response (@fastify/helmet rebuilds the whole middleware, CSP parsing included,
 * on every request: a tenth of a simple route's time).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { readonly production: boolean }) => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          // Over plain http (local use) upgrading would break /api/docs' own requests.
          upgradeInsecureRequests: options.production ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: options.production,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);

/** Runs helmet once against a recording response and answers the headers it set. */
const helmetHeaders = (options: Parameters<typeof helmet>[0]): Record<string, string> => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
};
