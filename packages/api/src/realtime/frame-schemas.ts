import {
  ADMIN_ROOM_EVENT_TYPES,
  type AdminRoomEventType,
  SHOP_EVENT_TYPES,
  type ShopEventType,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { ADMINISTRATION_EVENT_DATA } from './administration-event-data.js';

/*
 * The shapes of what leaves the service outside HTTP answers (docs/api.md, "Real-time events" and
 * "Webhooks"): WebSocket frames and webhook bodies. docs/asyncapi.yaml is generated from these,
 * and tests check real frames and bodies against them.
 */

const EventId = Type.String({ description: 'the logged event id: resume from it with lastEventId' });

export const TransferFrameData = Type.Object(
  {
    orderId: Type.Union([Type.String(), Type.Null()], {
      description: "the order's _id; null for withdrawals",
    }),
    txHash: Type.String(),
    message: Type.String(),
    timestamp: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

export const DepositFrameData = Type.Object(
  {
    transactionId: Type.String({ description: "the deposit's transaction _id" }),
    txHash: Type.String(),
    amount: Type.Number({ description: 'TRX, at most 6 decimals' }),
    from: Type.String({ description: 'the sending address (base58)' }),
    blockNumber: Type.Integer(),
  },
  { additionalProperties: false },
);

/** A frame from the event log: `{event, data, id}`. */
export const loggedFrame = <Name extends string>(
  name: Name,
  data: typeof TransferFrameData | typeof DepositFrameData,
) => Type.Object({ event: Type.Literal(name), data, id: EventId }, { additionalProperties: false });

export const SERVER_FRAMES = {
  transactionConfirmed: loggedFrame('transaction:confirmed', TransferFrameData),
  transactionFailed: loggedFrame('transaction:failed', TransferFrameData),
  orderRefunded: loggedFrame('order:refunded', TransferFrameData),
  walletDeposit: loggedFrame('wallet:deposit', DepositFrameData),
  joined: Type.Object(
    {
      event: Type.Literal('joined'),
      data: Type.Object({ room: Type.String() }, { additionalProperties: false }),
    },
    { additionalProperties: false },
  ),
  error: Type.Object(
    {
      event: Type.Literal('error'),
      data: Type.Object(
        { code: Type.String(), message: Type.Optional(Type.String()) },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
  resumeExpired: Type.Object(
    {
      event: Type.Literal('resume:expired'),
      data: Type.Object(
        { lastEventId: Type.String(), message: Type.String() },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
} as const;

export const CLIENT_FRAMES = {
  joinUser: Type.Object(
    { event: Type.Literal('join-user'), data: Type.String({ description: "the user's id" }) },
    { additionalProperties: false },
  ),
  joinAdmin: Type.Object(
    { event: Type.Literal('join-admin'), data: Type.Optional(Type.Unknown({ description: 'ignored' })) },
    { additionalProperties: false, description: 'admins only; anyone else is answered error FORBIDDEN' },
  ),
  resume: Type.Object(
    { event: Type.Literal('resume'), data: EventId },
    {
      additionalProperties: false,
      description: 'before join-user or join-admin: replay what was missed since this event',
    },
  ),
} as const;

const WebhookBodyFields = {
  id: Type.String({ description: 'the event id: also the webhook-id header, the same on every retry' }),
  sequence: Type.Integer({
    minimum: 0,
    description: 'its place in the log (0 for a ping): drop older retries',
  }),
  timestamp: Type.String({ format: 'date-time', description: 'when the event happened' }),
};

const AnyEventData = Type.Object(
  {},
  {
    additionalProperties: true,
    description: 'the ids it concerns (userId, orderId, transactionId, productId, webhookId) and its payload',
  },
);

/** The body of every webhook delivery. */
export const WebhookBody = Type.Object(
  {
    type: Type.Union(
      [...SHOP_EVENT_TYPES, 'webhook.ping'].map((type) => Type.Literal(type)),
      {
        description: 'the event type',
      },
    ),
    ...WebhookBodyFields,
    data: AnyEventData,
  },
  { additionalProperties: false },
);

/** The body of the deliveries of one event type, its `data` shaped where docs/api.md gives it a shape. */
export const webhookBodyOf = (type: ShopEventType | 'webhook.ping') =>
  Type.Object(
    {
      type: Type.Literal(type, { description: 'the event type' }),
      ...WebhookBodyFields,
      data: ADMINISTRATION_EVENT_DATA[type as ShopEventType] ?? AnyEventData,
    },
    { additionalProperties: false },
  );

export const WebhookHeaders = Type.Object(
  {
    'webhook-id': Type.String(),
    'webhook-timestamp': Type.String({ description: 'Unix seconds of the attempt' }),
    'webhook-signature': Type.String({
      description: 'v1,<base64 HMAC-SHA256 of id.timestamp.body>, space separated during a rotation',
    }),
  },
  { additionalProperties: true },
);

/**
 * An admin room frame (docs/api.md, "Real-time events"): the logged event's type, the `data` its
 * webhook body carries, and its id.
 */
export const adminFrameSchema = (type: AdminRoomEventType) =>
  Type.Object(
    {
      event: Type.Literal(type),
      data: ADMINISTRATION_EVENT_DATA[type] ?? AnyEventData,
      id: EventId,
    },
    { additionalProperties: false },
  );

/** Every admin room frame, by event type. */
export const ADMIN_FRAMES = Object.fromEntries(
  ADMIN_ROOM_EVENT_TYPES.map((type) => [type, adminFrameSchema(type)]),
) as Record<AdminRoomEventType, ReturnType<typeof adminFrameSchema>>;
