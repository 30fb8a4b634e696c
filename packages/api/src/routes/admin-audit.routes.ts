import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AUDIT_TARGET_TYPES,
  auditChangesOf,
  type EventActor,
  type LoggedEvent,
  listAuditTrail,
  normalizePageRequest,
  orderHistory,
  SHOP_EVENT_TYPES,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { COMPONENT_NAME } from '../http/components.js';
import { DOMAIN_CHECKED } from '../http/domain-checked.js';
import { errorResponses, IdParams, IsoDate, Nullable, ObjectIdString, OneOf } from '../http/schemas.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import { PageQueryFields, PaginationView, presentPagination } from './presenters/pagination.presenter.js';
import type { RouteOptions } from './route-options.js';

const JsonObject = Type.Object({}, { additionalProperties: true });

const ActorView = Type.Object(
  {
    kind: Type.Union([Type.Literal('admin'), Type.Literal('cli')]),
    id: Nullable(ObjectIdString),
    sessionId: Nullable(Type.String({ description: 'the session the admin acted from' })),
    label: Type.String({ description: "the admin's email at the time, or the command" }),
    address: Nullable(
      Type.String({
        description:
          "where from: the request's client address, or <OS user>@<host> for a command; null on older entries",
      }),
    ),
  },
  { additionalProperties: false },
);

const AuditEntryView = Type.Object(
  {
    _id: Type.String({ description: 'the logged event id' }),
    at: IsoDate,
    actor: ActorView,
    action: Type.String({ description: 'the event type, e.g. order.status_overridden' }),
    target: Type.Object(
      {
        type: OneOf(AUDIT_TARGET_TYPES),
        id: Nullable(Type.String()),
      },
      { additionalProperties: false },
    ),
    before: Nullable(JsonObject),
    after: Nullable(JsonObject),
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'AuditEntry',
    examples: [
      {
        _id: '6760c0f4a1b2c3d4e5f607a0',
        at: '2025-01-15T10:30:00.000Z',
        actor: {
          kind: 'admin',
          id: '6760c0f4a1b2c3d4e5f60702',
          sessionId: '6760c0f4a1b2c3d4e5f60791',
          label: 'admin@example.com',
          address: '203.0.113.7',
        },
        action: 'order.status_overridden',
        target: { type: 'order', id: '6760c0f4a1b2c3d4e5f60730' },
        before: { status: 'pending' },
        after: { status: 'completed', transactionHash: null },
      },
    ],
  },
);

const HistoryEntryView = Type.Object(
  {
    _id: Type.String(),
    sequence: Type.Integer(),
    at: IsoDate,
    type: Type.String(),
    actor: Nullable(ActorView),
    data: JsonObject,
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'OrderHistoryEntry',
    examples: [
      {
        _id: '6760c0f4a1b2c3d4e5f607a1',
        sequence: 1042,
        at: '2025-01-15T10:30:00.000Z',
        type: 'order.status_overridden',
        actor: {
          kind: 'admin',
          id: '6760c0f4a1b2c3d4e5f60702',
          sessionId: '6760c0f4a1b2c3d4e5f60791',
          label: 'admin@example.com',
          address: '203.0.113.7',
        },
        data: { orderId: '6760c0f4a1b2c3d4e5f60730', from: 'pending', to: 'completed' },
      },
    ],
  },
);

const AuditQuery = Type.Object(
  {
    actor: Type.Optional(ObjectIdString),
    action: Type.Optional(
      Type.String({
        maxLength: 64,
        enum: [...SHOP_EVENT_TYPES],
        [DOMAIN_CHECKED]: ['enum'],
        description: 'an event type',
      }),
    ),
    target: Type.Optional(ObjectIdString),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'inclusive' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'exclusive' })),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);

const presentActor = (actor: EventActor) => ({
  kind: actor.kind,
  id: actor.id,
  sessionId: actor.sessionId,
  label: actor.label,
  address: actor.address,
});

const presentAuditEntry = (event: LoggedEvent) => ({
  _id: event.id,
  at: event.occurredAt.toISOString(),
  actor: presentActor(event.actor ?? { kind: 'cli', id: null, sessionId: null, label: '', address: null }),
  action: event.type,
  ...auditChangesOf(event),
});

/** The audit trail and order timelines (docs/api.md, "Audit trail"); admins only, read only. */
export const adminAuditRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const schemaBase = { tags: ['admin'], security: BEARER_OR_COOKIE };

  app.get(
    '/api/admin/audit',
    {
      preValidation: app.requireAdmin,
      schema: {
        ...schemaBase,
        operationId: 'listAuditEntries',
        summary: 'Who did what: every admin action and server command, newest first, with what it changed',
        description:
          'For signed-in admins only (no API key): every admin action and server command from the event log, newest first, with who did it and what changed; changes nothing.',
        querystring: AuditQuery,
        response: {
          200: Type.Object(
            { success: Type.Literal(true), entries: Type.Array(AuditEntryView), pagination: PaginationView },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      const page = normalizePageRequest(request.query.limit, request.query.page);
      if (!page.ok) throw page.error;
      const { actor, action, target, from, to } = request.query;
      const listed = await listAuditTrail(
        { eventLog: deps.store.eventLog },
        {
          ...(actor === undefined ? {} : { actorId: actor }),
          ...(action === undefined ? {} : { action }),
          ...(target === undefined ? {} : { targetId: target }),
          // The schema checked both are ISO 8601 date-times.
          ...(from === undefined ? {} : { from: new Date(from) }),
          ...(to === undefined ? {} : { to: new Date(to) }),
        },
        page.value,
      );
      if (!listed.ok) throw listed.error;
      return {
        success: true as const,
        entries: listed.value.items.map(presentAuditEntry),
        pagination: presentPagination(listed.value),
      };
    },
  );

  app.get(
    '/api/admin/orders/:id/history',
    {
      config: { apiKeyScope: 'orders:read' },
      preValidation: app.requireAdmin,
      schema: {
        ...schemaBase,
        operationId: 'getOrderHistory',
        summary: "An order's timeline, oldest first: every event of it, admin actions with who did them",
        description:
          "For admins: every event of one order from the event log, oldest first, the service's own steps with a null actor and admin actions with theirs; changes nothing.",
        params: IdParams,
        response: {
          200: Type.Object(
            { success: Type.Literal(true), history: Type.Array(HistoryEntryView) },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const history = await orderHistory(
        { eventLog: deps.store.eventLog, orders: deps.store.orders },
        request.params.id,
      );
      if (!history.ok) throw history.error;
      return {
        success: true as const,
        history: history.value.map((event) => ({
          _id: event.id,
          sequence: event.sequence,
          at: event.occurredAt.toISOString(),
          type: event.type,
          actor: event.actor ? presentActor(event.actor) : null,
          data: event.payload,
        })),
      };
    },
  );
};
