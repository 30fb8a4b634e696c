import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listSessions, revokeSession } from '@trx-shop/domain';
import { Type } from 'typebox';
import { COMPONENT_NAME } from '../http/components.js';
import { errorResponses, IdParams, IsoDate, SuccessMessageResponse } from '../http/schemas.js';
import { identityOf } from '../plugins/auth.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import type { RouteOptions } from './route-options.js';

const SessionView = Type.Object(
  {
    _id: Type.String(),
    device: Type.String(),
    userAgent: Type.String(),
    ipAddress: Type.String(),
    createdAt: IsoDate,
    lastActive: IsoDate,
    isActive: Type.Boolean(),
    current: Type.Boolean({ description: 'true for the session making this request' }),
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'Session',
    examples: [
      {
        _id: '6760c0f4a1b2c3d4e5f60790',
        device: 'Firefox on Linux',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
        ipAddress: '203.0.113.7',
        createdAt: '2025-01-15T09:58:00.000Z',
        lastActive: '2025-01-15T10:20:00.000Z',
        isActive: true,
        current: true,
      },
    ],
  },
);

export const sessionRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const sessions = deps.store.sessions;

  app.get(
    '/api/sessions',
    {
      preValidation: app.requireUser,
      schema: {
        tags: ['sessions'],
        operationId: 'listSessions',
        summary: 'The caller’s active sessions, most recent activity first',
        description:
          "For a signed-in user: the caller's own active sessions with device, IP address and last activity, the one making this request marked `current`; changes nothing.",
        security: BEARER_OR_COOKIE,
        response: {
          200: Type.Object(
            { success: Type.Literal(true), sessions: Type.Array(SessionView) },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      const { user, session } = identityOf(request);
      const listed = await listSessions({ sessions }, user.id, session.id);
      return {
        success: true as const,
        sessions: listed
          .filter((entry) => entry.isActive)
          .map((entry) => ({
            _id: entry.id,
            device: entry.device,
            userAgent: entry.userAgent,
            ipAddress: entry.ipAddress,
            createdAt: entry.createdAt.toISOString(),
            lastActive: entry.lastActive.toISOString(),
            isActive: entry.isActive,
            current: entry.current,
          })),
      };
    },
  );

  app.delete(
    '/api/sessions/:id',
    {
      preValidation: app.requireUser,
      schema: {
        tags: ['sessions'],
        operationId: 'revokeSession',
        summary: 'Revoke one of the caller’s sessions',
        description:
          "For a signed-in user: ends one of the caller's own sessions, so its tokens stop working at the next request and its WebSockets close; another user's session answers 404.",
        security: BEARER_OR_COOKIE,
        params: IdParams,
        response: { 200: SuccessMessageResponse('Session revoked'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const revoked = await revokeSession({ sessions }, identityOf(request).user.id, request.params.id);
      if (!revoked.ok) throw revoked.error;
      return { success: true as const, message: 'Session revoked' };
    },
  );
};
