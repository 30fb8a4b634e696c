import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  listOwnTransactions,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  viewOwnTransaction,
} from '@trx-shop/domain';
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
        operationId: 'listTransactions',
        summary: 'The caller’s transactions (refunds of the caller’s orders included), newest first',
        description:
          "For a signed-in user: the caller's purchases, withdrawals and deposits, and the refunds of the caller's orders, newest first, filtered by type and status; changes nothing.",
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
      const listed = await listOwnTransactions(
        { transactions: deps.store.transactions },
        identityOf(request).user.id,
        request.query,
      );
      if (!listed.ok) throw listed.error;
      return {
        success: true as const,
        transactions: listed.value.items.map(presentTransaction),
        pagination: presentPagination(listed.value),
      };
    },
  );

  app.get(
    '/api/transactions/:id',
    {
      preValidation: app.requireUser,
      schema: {
        ...schemaBase,
        operationId: 'getTransaction',
        summary: 'One of the caller’s transactions',
        description:
          "For a signed-in user: one of the caller's own transactions; another user's answers 404.",
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
      const found = await viewOwnTransaction(
        { transactions: deps.store.transactions },
        identityOf(request).user.id,
        request.params.id,
      );
      if (!found.ok) throw found.error;
      return { success: true as const, transaction: presentTransaction(found.value) };
    },
  );
};
