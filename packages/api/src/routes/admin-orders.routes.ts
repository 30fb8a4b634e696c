import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { normalizePageRequest, ORDER_STATUSES, overrideOrderStatus, refundOrder } from '@trx-shop/domain';
import { Type } from 'typebox';
import { domainLogger } from '../adapters/fastify-logger.js';
import { errorResponses, IdParams, OneOf } from '../http/schemas.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import { OrderView, presentOrder, presentSale, SaleView } from './presenters/order.presenter.js';
import { PageQueryFields, PaginationView, presentPagination } from './presenters/pagination.presenter.js';
import { presentTransferSummary, TransferSummary } from './presenters/transaction.presenter.js';
import type { RouteOptions } from './route-options.js';
import { paymentDeps } from '../use-case-deps.js';

// Any string reaches the domain, which answers `Invalid status` for anything but the three allowed.
const StatusBody = Type.Object(
  {
    status: Type.String({ maxLength: 32, description: 'pending, completed or refunded' }),
    transactionHash: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: false },
);

const SalesQuery = Type.Object(
  {
    status: Type.Optional(OneOf(ORDER_STATUSES)),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);

export const adminOrderRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const payments = paymentDeps(deps, domainLogger(app.log));
  const base = { preValidation: app.requireAdmin } as const;
  const schemaBase = { tags: ['admin'], security: BEARER_OR_COOKIE };

  app.get(
    '/api/admin/sales',
    {
      ...base,
      schema: {
        ...schemaBase,
        summary: 'All orders with their customer, newest first',
        querystring: SalesQuery,
        response: {
          200: Type.Object(
            { success: Type.Literal(true), sales: Type.Array(SaleView), pagination: PaginationView },
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
      const listed = await deps.store.orders.listSales(status ? { status } : {}, page.value);
      return {
        success: true as const,
        sales: listed.items.map(presentSale),
        pagination: presentPagination(listed),
      };
    },
  );

  for (const url of ['/api/orders/:id/status', '/api/admin/orders/:id/status']) {
    const alias = url.startsWith('/api/admin');
    app.patch(
      url,
      {
        ...base,
        config: { validationOverrides: { status: { code: 'INVALID_STATUS', message: 'Invalid status' } } },
        schema: {
          ...schemaBase,
          summary: alias
            ? 'Alias of PATCH /api/orders/{id}/status'
            : 'Override an order’s status (pending, completed, refunded); no stock change, no transfer',
          deprecated: alias,
          params: IdParams,
          body: StatusBody,
          response: {
            200: Type.Object(
              { success: Type.Literal(true), message: Type.String(), order: OrderView },
              { additionalProperties: false },
            ),
            ...errorResponses(401, 403, 404, 409),
          },
        },
      },
      async (request) => {
        const changed = await overrideOrderStatus(
          { orders: deps.store.orders, store: deps.store, clock: deps.clock },
          request.params.id,
          request.body,
        );
        if (!changed.ok) throw changed.error;
        return {
          success: true as const,
          message: 'Order status updated',
          order: presentOrder(changed.value),
        };
      },
    );
  }

  app.post(
    '/api/admin/orders/:id/refund',
    {
      ...base,
      schema: {
        ...schemaBase,
        summary:
          'Refund a completed order in full from the merchant wallet; the status follows on confirmation',
        params: IdParams,
        response: {
          200: Type.Object(
            {
              success: Type.Literal(true),
              message: Type.String(),
              orderId: Type.String(),
              transaction: TransferSummary,
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404, 409, 502, 503),
        },
      },
    },
    async (request) => {
      const refunded = await refundOrder(payments, request.params.id);
      if (!refunded.ok) throw refunded.error;
      return {
        success: true as const,
        message: 'Refund sent; awaiting confirmation',
        orderId: refunded.value.order.id,
        transaction: presentTransferSummary(refunded.value.transaction),
      };
    },
  );
};
