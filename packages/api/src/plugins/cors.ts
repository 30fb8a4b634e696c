import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Only whitelisted origins get CORS headers (with credentials, since auth rides on cookies). */
export const corsPlugin = fp(
  async (app: FastifyInstance, options: { readonly origins: readonly string[] }) => {
    const allowed = new Set(options.origins);
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', 'X-Request-Id'],
      exposedHeaders: ['Retry-After', 'Content-Disposition', 'X-Request-Id'],
      maxAge: 600,
    });
  },
  { name: 'cors' },
);
