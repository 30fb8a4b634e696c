import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Helmet on every response. The CSP keeps scripts and styles to our own origin, with the inline
 * styles and data-URI images swagger-ui needs for /api/docs.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { readonly production: boolean }) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          // Over plain http (local use) upgrading would break /api/docs' own requests.
          upgradeInsecureRequests: options.production ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: options.production,
    });
  },
  { name: 'security-headers' },
);
