import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { serviceHealth } from '@trx-shop/domain';
import { Type } from 'typebox';
import { HEALTH_DEGRADED_STATUS } from '../http/error-status.js';
import type { RouteOptions } from './route-options.js';

const HealthView = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
    store: Type.Boolean({ description: 'the database answers' }),
    chain: Type.Boolean({ description: 'the TRON node answers' }),
    scannerLagBlocks: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description:
        'solidified blocks the deposit scanner has yet to read; null before its first run or while the store or node does not answer',
    }),
  },
  { additionalProperties: false },
);

export const healthRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'Store and chain reachability (200 when both answer, else 503)',
        response: { 200: HealthView, 503: HealthView },
      },
    },
    async (_request, reply) => {
      const health = await serviceHealth(deps);
      const healthy = health.store && health.chain;
      return reply
        .status(healthy ? 200 : HEALTH_DEGRADED_STATUS)
        .send({ status: healthy ? 'ok' : 'degraded', ...health });
    },
  );
};
