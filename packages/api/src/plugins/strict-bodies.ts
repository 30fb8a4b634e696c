import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NoBody } from '../http/schemas.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Logout must always succeed (a client must always be able to drop its cookies), body or not. */
const ANSWERS_ANY_BODY = new Set(['/api/auth/logout']);

/**
 * A write route that takes no body refuses any field (docs/api.md, "Money safety rules", rule 6):
 * a field the route does not read must never be silently dropped (a refund amount sent to a route
 * that ignored it would have refunded everything). Added to every such route as it
 * is registered, so a new route cannot forget it.
 */
export const strictBodiesPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((method) => WRITE_METHODS.has(method))) return;
      if (ANSWERS_ANY_BODY.has(route.url) || route.url.startsWith('/api/docs')) return;
      route.schema ??= {};
      route.schema.body ??= NoBody;
    });
  },
  { name: 'strict-bodies' },
);
