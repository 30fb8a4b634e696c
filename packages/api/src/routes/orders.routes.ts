import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  cancelOrder,
  createOrder,
  findVisibleOrder,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  normalizePageRequest,
  ORDER_STATUSES,
  payOrder,
  quoteOrder,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { domainLogger } from '../adapters/fastify-logger.js';
import { createAnswersAtVersion } from '../caching/answers-at-version.js';
import { renderJson, sendRenderedJson } from '../http/rendered-json.js';
import { errorResponses, IdParams, MessageText, ObjectIdString, OneOf } from '../http/schemas.js';
import { identityOf } from '../plugins/auth.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import { OrderView, presentOrder, presentQuote, QuoteView } from './presenters/order.presenter.js';
import { PageQueryFields, PaginationView, presentPagination } from './presenters/pagination.presenter.js';
import { presentTransferSummary, TransferSummary } from './presenters/transaction.presenter.js';
import type { RouteOptions } from './route-options.js';
import { paymentDeps } from '../use-case-deps.js';

const CreateOrderBody = Type.Object(
  {
    products: Type.Array(
      Type.Object(
        {
          productId: ObjectIdString,
          quantity: Type.Integer({ minimum: 1, maximum: MAX_LINE_QUANTITY }),
          color: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_ORDER_LINES },
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        products: [
          { productId: '6760c0f4a1b2c3d4e5f60718', quantity: 2, color: 'black' },
          { productId: '6760c0f4a1b2c3d4e5f60719', quantity: 1 },
        ],
      },
    ],
  },
);

const StatusQuery = Type.Optional(OneOf(ORDER_STATUSES));

const OrderAnswer = Type.Object(
  { success: Type.Literal(true), order: OrderView },
  { additionalProperties: false },
);
const OrderMessageAnswer = Type.Object(
  { success: Type.Literal(true), message: MessageText('Order cancelled'), order: OrderView },
  { additionalProperties: false },
);

export const orderRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const payments = paymentDeps(deps, domainLogger(app.log));
  const base = { preValidation: app.requireUser } as const;
  // Per instance; exact across instances because every page is filed under the user's order version.
  const orderPages = createAnswersAtVersion({ maxEntries: 2048 });
  const schemaBase = { tags: ['orders'], security: BEARER_OR_COOKIE };

  app.post(
    '/api/orders',
    {
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'createOrder',
        summary: 'Create a pending order (one pending order per user)',
        description:
          'For a signed-in user with a wallet: creates a pending order of active products at their current prices, the total less the 0.01 TRX network fee, after checking the stock; a user has at most one pending order. Nothing is paid or held yet.',
        body: CreateOrderBody,
        response: { 201: OrderAnswer, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const created = await createOrder(payments, identityOf(request).user.id, request.body.products);
      if (!created.ok) throw created.error;
      return reply.status(201).send({ success: true as const, order: presentOrder(created.value) });
    },
  );

  app.post(
    '/api/orders/quote',
    {
      schema: {
        tags: ['orders'],
        operationId: 'quoteOrder',
        summary: 'Price a cart: what an order of these lines would cost now',
        description:
          'Public, like the catalogue: prices the lines exactly as createOrder would (active products at their current prices, the available stock checked, the total less the 0.01 TRX network fee) and refuses them as it would. Creates no order and holds nothing.',
        body: CreateOrderBody,
        response: {
          200: Type.Object(
            { success: Type.Literal(true), quote: QuoteView },
            { additionalProperties: false },
          ),
          ...errorResponses(404),
        },
      },
    },
    async (request) => {
      const quoted = await quoteOrder(deps, request.body.products);
      if (!quoted.ok) throw quoted.error;
      return { success: true as const, quote: presentQuote(quoted.value) };
    },
  );

  app.get(
    '/api/orders',
    {
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'listOrders',
        summary: 'The caller’s orders, newest first',
        description:
          "For a signed-in user: the caller's own orders, newest first, optionally of one status; changes nothing.",
        querystring: Type.Object(
          { status: StatusQuery, ...PageQueryFields },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object(
            { success: Type.Literal(true), orders: Type.Array(OrderView), pagination: PaginationView },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      const page = normalizePageRequest(request.query.limit, request.query.page);
      if (!page.ok) throw page.error;
      const { status } = request.query;
      const userId = identityOf(request).user.id;
      const pageKey = JSON.stringify([userId, page.value.page, page.value.limit, status ?? '']);
      const render = async () => {
        const listed = await deps.store.orders.listByUser(userId, status ? { status } : {}, page.value);
        return renderJson(reply, {
          success: true as const,
          orders: listed.items.map(presentOrder),
          pagination: presentPagination(listed),
        });
      };
      // The version is read after the session was checked, before the page is rendered.
      const answer = await orderPages.read(
        () => deps.store.versions.current({ kind: 'user-orders', userId }),
        pageKey,
        render,
      );
      deps.metrics?.memoizedAnswers.inc({
        kind: 'order_page',
        outcome: answer.fromCache ? 'memo' : 'rendered',
      });
      return sendRenderedJson(reply, answer.body);
    },
  );

  app.get(
    // `quote` is a POST path of its own, not an order to GET; any other id reaches the route, so a
    // malformed one is answered 400 INVALID_ID as on every id route.
    '/api/orders/:id(^(?!quote$).+$)',
    {
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'getOrder',
        summary: 'One of the caller’s orders (admins: any order)',
        description:
          "For a signed-in user: one of the caller's own orders (admins: any order); another user's order answers 404.",
        params: IdParams,
        response: { 200: OrderAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const found = await findVisibleOrder(deps.store.orders, identityOf(request).user, request.params.id);
      if (!found.ok) throw found.error;
      return { success: true as const, order: presentOrder(found.value) };
    },
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'cancelOrder',
        summary: 'Cancel one’s own pending order that has no pending or confirmed payment',
        description:
          "For the order's owner: cancels a pending order that has no payment pending or confirmed; nothing was paid, so nothing is sent back.",
        params: IdParams,
        response: { 200: OrderMessageAnswer, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const cancelled = await cancelOrder(
        { store: deps.store, clock: deps.clock, ids: deps.ids },
        identityOf(request).user.id,
        request.params.id,
      );
      if (!cancelled.ok) throw cancelled.error;
      return { success: true as const, message: 'Order cancelled', order: presentOrder(cancelled.value) };
    },
  );

  app.post(
    '/api/orders/:id/pay',
    {
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'payOrder',
        summary: 'Pay a pending order from the custodial wallet; confirmation follows by event',
        description:
          "For the order's owner: holds the order's stock and the amount, then signs a transfer of the total from the caller's custodial wallet to the merchant wallet and broadcasts it. The order completes when the transfer reaches the solidified chain (a `transaction:confirmed` event follows).",
        params: IdParams,
        response: {
          200: Type.Object(
            {
              success: Type.Literal(true),
              message: MessageText('Payment sent; awaiting confirmation'),
              transaction: TransferSummary,
              order: OrderView,
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404, 409, 502, 503),
        },
      },
    },
    async (request) => {
      const paid = await payOrder(payments, identityOf(request).user.id, request.params.id);
      if (!paid.ok) throw paid.error;
      return {
        success: true as const,
        message: 'Payment sent; awaiting confirmation',
        transaction: presentTransferSummary(paid.value.transaction),
        order: presentOrder(paid.value.order),
      };
    },
  );
};
