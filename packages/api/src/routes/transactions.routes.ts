import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { domainError, normalizePageRequest, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@trx-shop/domain';
import { Type } from 'typebox';
import { errorResponses, IdParams, OneOf } from '../http/schemas.js';
import { identityOf } from '../plugins/auth.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import { PageQueryFields, PaginationView, presentPagination } from './presenters/pagination.presenter.js';
import { presentTransaction, TransactionView } from './presenters/transaction.presenter.js';
import type { RouteOptions } from './route-options.js';

const TransactionQuery = Type.Object(
  {
    type: Type.Optional(OneOf(TRANSACTION_TYPES)),
    status: Type.Optional(OneOf(TRANSACTION_STATUSES)),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);

export const transactionRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const schemaBase = { tags: ['transactions'], security: BEARER_OR_COOKIE };

  app.get(
    '/api/transactions',
    {
      preValidation: app.requireUser,
      schema: {
        ...schemaBase,
        summary: 'The caller’s transactions (refunds of the caller’s orders included), newest first',
        querystring: TransactionQuery,
        response: {
          200: Type.Object(
            {
              success: Type.Literal(true),
              transactions: Type.Array(TransactionView),
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
      const { type, status } = request.query;
      const listed = await deps.store.transactions.listByUser(
        identityOf(request).user.id,
        { ...(type ? { type } : {}), ...(status ? { status } : {}) },
        page.value,
      );
      return {
        success: true as const,
        transactions: listed.items.map(presentTransaction),
        pagination: presentPagination(listed),
      };
    },
  );

  app.get(
    '/api/transactions/:id',
    {
      preValidation: app.requireUser,
      schema: {
        ...schemaBase,
        summary: 'One of the caller’s transactions',
        params: IdParams,
        response: {
          200: Type.Object(
            { success: Type.Literal(true), transaction: TransactionView },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const tx = await deps.store.transactions.findById(request.params.id);
      // Another user's transaction answers as missing, so ids cannot be probed.
      if (!tx || tx.userId !== identityOf(request).user.id) {
        throw domainError('TRANSACTION_NOT_FOUND', 'Transaction not found');
      }
      return { success: true as const, transaction: presentTransaction(tx) };
    },
  );
};
