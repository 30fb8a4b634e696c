import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { isCrossSiteRequest, originOf, STATE_CHANGING_METHODS } from '../http/cross-site.js';
import { errorBody } from '../http/error-body.js';
import { STATUS_OF } from '../http/error-status.js';
import { hooksOf } from '../http/route-hooks.js';

/**
 * Refuses state-changing requests a browser sends from another site (403 CROSS_SITE_REQUEST)
 * before any body is read or use case runs: the SameSite cookies are the first guard, this is the
 * second, for browsers and same-site subdomains that SameSite does not cover.
 */
export const crossSiteRequestsPlugin = fp(
  async (app: FastifyInstance, options: { readonly corsOrigins: readonly string[] }) => {
    const allowed = new Set(
      options.corsOrigins.map(originOf).filter((origin): origin is string => origin !== null),
    );
    const refuseCrossSite: onRequestAsyncHookHandler = async (request, reply) => {
      if (!STATE_CHANGING_METHODS.has(request.method) || !isCrossSiteRequest(request, allowed)) return;
      request.log.info(
        { origin: request.headers.origin ?? null, fetchSite: request.headers['sec-fetch-site'] ?? null },
        'refused a cross-site request',
      );
      return reply
        .status(STATUS_OF.CROSS_SITE_REQUEST)
        .send(
          errorBody(
            request.url,
            'CROSS_SITE_REQUEST',
            'A page of another site cannot change anything here; nothing was changed',
          ),
        );
    };
    // Only routes that take a state-changing method carry the check, decided once as each route
    // is added: a GET runs no hook for it.
    app.addHook('onRoute', (route) => {
      if (![route.method].flat().some((method) => STATE_CHANGING_METHODS.has(method))) return;
      route.onRequest = [refuseCrossSite, ...hooksOf(route.onRequest)];
    });
  },
  { name: 'cross-site-requests' },
);
