import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { serviceHealth, serviceReadiness } from '@trx-shop/domain';
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

const ReadinessView = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('not-ready')]),
    store: Type.Boolean(),
    chain: Type.Boolean(),
    scannerLagBlocks: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    eventLag: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'logged events this instance has not delivered to its sockets yet',
    }),
    outboxBacklog: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'events waiting for the relay (counted up to the bound + 1)',
    }),
    reasons: Type.Array(Type.String({ examples: ['the TRON node does not answer'] }), {
      description: 'why not ready; empty when ready',
    }),
  },
  { additionalProperties: false },
);

/** READY_MAX_SCANNER_LAG_BLOCKS and READY_MAX_EVENT_LAG when the settings leave them out. */
export const DEFAULT_READINESS = { maxScannerLagBlocks: 100, maxEventLag: 1_000 } as const;

export const healthRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps, settings }) => {
  app.get(
    '/api/health/live',
    {
      schema: {
        tags: ['health'],
        operationId: 'getLiveness',
        summary: 'The process answers (for a liveness probe: restart it when this fails)',
        description:
          'Public and read-only: answers 200 while the process can answer at all, touching neither the store nor the node. Point a liveness probe here (restart the instance when it fails).',
        response: {
          200: Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false }),
        },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        operationId: 'getReadiness',
        summary:
          'Whether to send this instance traffic: store and node answer, the scanner and the event log keep up (200, else 503)',
        description:
          "Public and read-only: asks the store and the TRON node, and compares the deposit scanner's lag and the event backlog with their bounds; 503 with the reasons when one fails. Point a load balancer's readiness probe here.",
        response: { 200: ReadinessView, 503: ReadinessView },
      },
    },
    async (_request, reply) => {
      const readiness = await serviceReadiness(
        deps,
        settings.readiness ?? DEFAULT_READINESS,
        app.eventDelivery.position(),
      );
      const { ready, ...report } = readiness;
      return reply.status(ready ? 200 : HEALTH_DEGRADED_STATUS).send({
        status: ready ? ('ready' as const) : ('not-ready' as const),
        ...report,
        reasons: [...report.reasons],
      });
    },
  );

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'Store and chain reachability (200 when both answer, else 503)',
        description:
          'Public and read-only: asks the store and the TRON node whether they answer and reports how far the deposit scanner is behind; 503 when either does not answer.',
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
