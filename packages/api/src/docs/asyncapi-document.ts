import { SHOP_EVENT_TYPES } from '@trx-shop/domain';
import {
  ADMIN_FRAMES,
  CLIENT_FRAMES,
  SERVER_FRAMES,
  WebhookHeaders,
  webhookBodyOf,
} from '../realtime/frame-schemas.js';

/** A schema as plain JSON (TypeBox's own markers are symbols and do not survive). */
const plain = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema));

const message = (name: string, summary: string, payload: unknown) => ({
  name,
  summary,
  contentType: 'application/json',
  payload: plain(payload),
});

/** A message key from an event type: `order.status_overridden` -> `orderStatusOverridden`. */
const keyOf = (type: string) =>
  type.replace(/[^A-Za-z0-9]+(.)/g, (_match, next: string) => next.toUpperCase());

/** The answers both rooms send besides their events. */
const roomAnswers = {
  joined: message('joined', 'The room was joined', SERVER_FRAMES.joined),
  error: message('error', 'A frame was refused', SERVER_FRAMES.error),
  resumeExpired: message(
    'resume:expired',
    'The resume id is no longer in the log',
    SERVER_FRAMES.resumeExpired,
  ),
};

/**
 * The real-time frames and the webhook deliveries as an AsyncAPI 3 document, from the schemas
 * the code uses (docs/asyncapi.yaml is this, exported; a test keeps the two equal).
 */
export const asyncApiDocument = () => ({
  asyncapi: '3.0.0',
  info: {
    title: 'TRX Shop events',
    version: '1.0.0',
    description:
      'WebSocket frames at /api/ws (docs/api.md, "Real-time events") and signed webhook deliveries (docs/api.md, "Webhooks").',
  },
  servers: {
    shop: {
      host: 'localhost:3000',
      protocol: 'ws',
      description: 'The shop service; authenticate with the accessToken cookie, a Bearer token or ?token=',
    },
  },
  channels: {
    userRoom: {
      address: '/api/ws',
      title: 'A user’s room',
      description: 'Join with join-user; frames from the event log carry the event id',
      servers: [{ $ref: '#/servers/shop' }],
      messages: {
        joinUser: message('join-user', 'Join a user’s room (admins: any user)', CLIENT_FRAMES.joinUser),
        resume: message('resume', 'Resume from the last event id seen', CLIENT_FRAMES.resume),
        ...roomAnswers,
        transactionConfirmed: message(
          'transaction:confirmed',
          'A purchase confirmed (its order completed), a partial refund confirmed, or a withdrawal confirmed (orderId null)',
          SERVER_FRAMES.transactionConfirmed,
        ),
        transactionFailed: message(
          'transaction:failed',
          'A transfer failed',
          SERVER_FRAMES.transactionFailed,
        ),
        orderRefunded: message(
          'order:refunded',
          'The refunds gave back the whole payment',
          SERVER_FRAMES.orderRefunded,
        ),
        walletDeposit: message(
          'wallet:deposit',
          'A deposit into the user’s wallet was recorded',
          SERVER_FRAMES.walletDeposit,
        ),
      },
    },
    adminRoom: {
      address: '/api/ws',
      title: 'The admin room',
      description:
        'Admins join with join-admin (anyone else is answered error FORBIDDEN); one frame per logged order, payment, refund, deposit, withdrawal and webhook.disabled event, named by its type, with its webhook data and the event id',
      servers: [{ $ref: '#/servers/shop' }],
      messages: {
        joinAdmin: message('join-admin', 'Join the admin room (admins only)', CLIENT_FRAMES.joinAdmin),
        resume: message('resume', 'Resume from the last event id seen', CLIENT_FRAMES.resume),
        ...roomAnswers,
        ...Object.fromEntries(
          Object.entries(ADMIN_FRAMES).map(([type, frame]) => [
            keyOf(type),
            message(type, `A ${type} event`, frame),
          ]),
        ),
      },
    },
    webhook: {
      address: '{endpointUrl}',
      title: 'A webhook endpoint',
      description: 'POSTed to each endpoint an admin registered, at least once, signed per Standard Webhooks',
      parameters: { endpointUrl: { description: 'the endpoint’s url' } },
      messages: Object.fromEntries(
        [...SHOP_EVENT_TYPES, 'webhook.ping' as const].map((type) => [
          keyOf(type),
          {
            ...message(type, `A ${type} event`, webhookBodyOf(type)),
            headers: plain(WebhookHeaders),
          },
        ]),
      ),
    },
  },
  operations: {
    sendJoinUser: {
      action: 'receive',
      channel: { $ref: '#/channels/userRoom' },
      summary: 'The service receives join-user and resume from the client',
      messages: [
        { $ref: '#/channels/userRoom/messages/joinUser' },
        { $ref: '#/channels/userRoom/messages/resume' },
      ],
    },
    receiveFrames: {
      action: 'send',
      channel: { $ref: '#/channels/userRoom' },
      summary: 'The service sends frames to the user’s room',
      messages: [
        'joined',
        'error',
        'resumeExpired',
        'transactionConfirmed',
        'transactionFailed',
        'orderRefunded',
        'walletDeposit',
      ].map((name) => ({ $ref: `#/channels/userRoom/messages/${name}` })),
    },
    sendJoinAdmin: {
      action: 'receive',
      channel: { $ref: '#/channels/adminRoom' },
      summary: 'The service receives join-admin and resume from an admin',
      messages: [
        { $ref: '#/channels/adminRoom/messages/joinAdmin' },
        { $ref: '#/channels/adminRoom/messages/resume' },
      ],
    },
    receiveAdminFrames: {
      action: 'send',
      channel: { $ref: '#/channels/adminRoom' },
      summary: 'The service sends the shop’s events to the admin room',
      messages: ['joined', 'error', 'resumeExpired', ...Object.keys(ADMIN_FRAMES).map(keyOf)].map((name) => ({
        $ref: `#/channels/adminRoom/messages/${name}`,
      })),
    },
    deliverWebhook: {
      action: 'send',
      channel: { $ref: '#/channels/webhook' },
      summary: 'The service POSTs each event to the endpoints that want it',
      bindings: { http: { method: 'POST' } },
    },
  },
});
