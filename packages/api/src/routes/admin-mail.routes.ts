import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { domainError, normalizePageRequest, requestTestMail, retryMail } from '@trx-shop/domain';
import { Type } from 'typebox';
import type { MailDeliveryMode } from '../config/mail-settings.js';
import { errorResponses, NoBody, OneOf } from '../http/schemas.js';
import { actorOf, adminOf } from '../plugins/auth.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import {
  MAIL_STATUSES,
  MailboxEntryView,
  MailMessageId,
  MailMessageView,
  presentMailboxEntry,
  presentMailMessage,
} from './presenters/mail.presenter.js';
import { PageQueryFields, PaginationView, presentPagination } from './presenters/pagination.presenter.js';
import type { RouteOptions } from './route-options.js';

const DELIVERY_MODES: MailDeliveryMode[] = ['smtp', 'mailbox', 'held'];

const MessageAnswer = Type.Object(
  { success: Type.Literal(true), message: MailMessageView },
  { additionalProperties: false },
);

const MessageParams = Type.Object({ id: MailMessageId }, { additionalProperties: false });
const MailboxParams = Type.Object({ messageId: MailMessageId }, { additionalProperties: false });

const notInUse = () =>
  domainError(
    'MAILBOX_NOT_IN_USE',
    'This service sends mail over SMTP or holds it queued: there is no local mailbox',
  );

/** The mail queue's delivery log, a retry, the test mail, and the embedded mailbox (docs/api.md, "Email"); admins only. */
export const adminMailRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps, settings }) => {
  const delivery: MailDeliveryMode = settings.mailDelivery ?? (settings.production ? 'held' : 'mailbox');
  const base = { preValidation: app.requireAdmin } as const;
  const schemaBase = { tags: ['mail'], security: BEARER_OR_COOKIE };
  const mailboxInUse = async () => {
    if (delivery !== 'mailbox') throw notInUse();
  };

  app.get(
    '/api/admin/mail',
    {
      config: { apiKeyScope: 'mail:read' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'listMailMessages',
        summary: 'The delivery log: queued mail, newest first, with each attempt (never what a mail says)',
        description:
          'For admins: every queued message, newest first (optionally of one status), with its attempts, last error and next attempt; never the sealed content. `delivery` says where this service sends mail: `smtp` (SMTP_URL), `mailbox` (the embedded mailbox: the mailbox routes answer) or `held` (production without SMTP_URL: mail stays queued).',
        querystring: Type.Object(
          { status: Type.Optional(OneOf(MAIL_STATUSES)), ...PageQueryFields },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object(
            {
              success: Type.Literal(true),
              delivery: OneOf(DELIVERY_MODES, {
                description: 'smtp: sent to SMTP_URL; mailbox: kept in the local mailbox; held: kept queued',
              }),
              messages: Type.Array(MailMessageView),
              pagination: PaginationView,
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      const page = normalizePageRequest(request.query.limit, request.query.page);
      if (!page.ok) throw page.error;
      const { status } = request.query;
      const listed = await deps.store.mail.listMessages(status === undefined ? {} : { status }, page.value);
      return {
        success: true as const,
        delivery,
        messages: listed.items.map(presentMailMessage),
        pagination: presentPagination(listed),
      };
    },
  );

  app.post(
    '/api/admin/mail/:id/retry',
    {
      config: { apiKeyScope: 'mail:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'retryMailMessage',
        summary: 'Queue a failed message again, due now; its retry schedule starts over',
        description:
          'For admins: queues a failed message again for an attempt now, with the same Message-ID; a pending one (queued already) or a sent one (never sent twice) answers 409 MAIL_NOT_FAILED. Recorded in the audit trail.',
        params: MessageParams,
        body: NoBody,
        response: { 202: MessageAnswer, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const retried = await retryMail({ ...deps, actor: actorOf(request) }, request.params.id);
      if (!retried.ok) throw retried.error;
      return reply.status(202).send({ success: true as const, message: presentMailMessage(retried.value) });
    },
  );

  app.post(
    '/api/admin/mail/test',
    {
      config: { apiKeyScope: 'mail:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'sendTestMail',
        summary: 'Queue a test email to the signed-in admin’s own address',
        description:
          "For admins: queues a `test` mail to the admin's own address (an API key's: its creator's), a new message each time; it goes out like every mail, and the delivery log shows its attempts. Recorded in the audit trail.",
        body: NoBody,
        response: { 202: MessageAnswer, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const { user } = adminOf(request);
      const message = await requestTestMail(
        { ...deps, actor: actorOf(request) },
        {
          userId: user.id,
          username: user.username,
          email: user.email,
        },
      );
      return reply.status(202).send({ success: true as const, message: presentMailMessage(message) });
    },
  );

  app.get(
    '/api/admin/mailbox',
    {
      config: { apiKeyScope: 'mail:read' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'listMailbox',
        summary: 'The embedded mailbox, newest first (only without SMTP_URL, outside production)',
        description:
          'For admins: the mail the embedded default kept instead of sending, newest first; 404 MAILBOX_NOT_IN_USE when the service sends over SMTP or holds mail queued (`delivery` of the delivery log).',
        querystring: Type.Object({ ...PageQueryFields }, { additionalProperties: false }),
        response: {
          200: Type.Object(
            { success: Type.Literal(true), mails: Type.Array(MailboxEntryView), pagination: PaginationView },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      await mailboxInUse();
      const page = normalizePageRequest(request.query.limit, request.query.page);
      if (!page.ok) throw page.error;
      const listed = await deps.store.mailbox.list(page.value);
      return {
        success: true as const,
        mails: listed.items.map(presentMailboxEntry),
        pagination: presentPagination(listed),
      };
    },
  );

  app.get(
    '/api/admin/mailbox/:messageId',
    {
      config: { apiKeyScope: 'mail:read' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'getMailboxMail',
        summary:
          'One mail of the embedded mailbox: subject, both parts (only without SMTP_URL, outside production)',
        description:
          'For admins: one mail the embedded default kept, by its message id; 404 MAILBOX_NOT_IN_USE when there is no mailbox, 404 MAIL_MESSAGE_NOT_FOUND when it holds no such mail.',
        params: MailboxParams,
        response: {
          200: Type.Object(
            { success: Type.Literal(true), mail: MailboxEntryView },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      await mailboxInUse();
      const entry = await deps.store.mailbox.find(request.params.messageId);
      if (!entry) throw domainError('MAIL_MESSAGE_NOT_FOUND', 'No such mail in the mailbox');
      return { success: true as const, mail: presentMailboxEntry(entry) };
    },
  );
};
