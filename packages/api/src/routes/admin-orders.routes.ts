import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Readable } from 'node:stream';
import {
  formatOrderNumber,
  formatSunAsTrx,
  invalidRange,
  MAX_ORDER_TOTAL_SUN,
  normalizePageRequest,
  ORDER_STATUSES,
  OVERRIDE_STATUSES,
  type OrderStatus,
  type OrderWithCustomer,
  overrideOrderStatus,
  parseTrxAmount,
  refundOrder,
  type SalesQuery as DomainStoreSalesQuery,
  SUN_PER_TRX,
  verifyPayment,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { domainLogger } from '../adapters/fastify-logger.js';
import { csvCell, csvFile, csvLine } from '../http/csv.js';
import { DOMAIN_CHECKED } from '../http/domain-checked.js';
import {
  CsvFileResponse,
  CustomerSearchText,
  errorResponses,
  IdParams,
  IsoDate,
  MessageText,
  ObjectIdString,
  OneOf,
  TrxAmountInput,
} from '../http/schemas.js';
import { OPTIONAL_BODY } from '../http/validation.js';
import { actorOf } from '../plugins/auth.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import { OrderView, presentOrder, presentSale, SaleView } from './presenters/order.presenter.js';
import { PageQueryFields, PaginationView, presentPagination } from './presenters/pagination.presenter.js';
import { presentTransferSummary, TransferSummary } from './presenters/transaction.presenter.js';
import type { RouteOptions } from './route-options.js';
import { paymentDeps } from '../use-case-deps.js';

// The domain answers `Invalid status` for anything but the three allowed (so does the validator,
// through the route's validationOverrides, for a status too long or not a string).
const StatusBody = Type.Object(
  {
    status: Type.String({
      maxLength: 32,
      enum: [...OVERRIDE_STATUSES],
      [DOMAIN_CHECKED]: ['enum'],
      description: 'pending, completed or refunded',
    }),
    transactionHash: Type.Optional(Type.String({ maxLength: 128 })),
  },
  {
    additionalProperties: false,
    examples: [
      {
        status: 'completed',
        transactionHash: '4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c',
      },
    ],
  },
);

const VerifyPaymentBody = Type.Object(
  {
    txHash: Type.String({
      pattern: '^[0-9a-fA-F]{64}$',
      description: 'The txID of the TRX transfer the customer made to the merchant wallet',
      examples: ['4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c'],
    }),
  },
  {
    additionalProperties: false,
    examples: [{ txHash: '4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c' }],
  },
);

const RefundBody = Type.Object(
  {
    amount: Type.Optional(
      TrxAmountInput(
        'TRX, at most 6 decimals, > 0 and at most what is left to refund; omitted: everything left',
        // No order totals more, so no refund can either.
        { maxTrx: MAX_ORDER_TOTAL_SUN / SUN_PER_TRX, examples: [1.5] },
      ),
    ),
    reason: Type.Optional(
      Type.String({
        maxLength: 500,
        description: 'Why; stored with the refund',
        examples: ['One item arrived damaged'],
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'No body (or {}) refunds everything left of what was paid on chain',
    [OPTIONAL_BODY]: true,
    examples: [{ amount: 1.5, reason: 'One item arrived damaged' }],
  },
);

const SalesFilterFields = {
  status: Type.Optional(OneOf(ORDER_STATUSES)),
  from: Type.Optional({ ...IsoDate, description: 'createdAt at or after this instant (ISO 8601)' }),
  to: Type.Optional({ ...IsoDate, description: 'createdAt before this instant (ISO 8601)' }),
  search: Type.Optional({
    ...CustomerSearchText,
    description:
      "Part of the customer's username or email (case-insensitive, literal), or an order number (#TRX-42)",
    examples: ['alice'],
  }),
  customer: Type.Optional({
    ...ObjectIdString,
    description: 'Only the orders of this user (their id, as GET /api/admin/customers/{id} takes it)',
  }),
};
const SalesQuery = Type.Object({ ...SalesFilterFields, ...PageQueryFields }, { additionalProperties: false });
const SalesExportQuery = Type.Object(SalesFilterFields, { additionalProperties: false });

type SalesFilter = { status?: OrderStatus; from?: string; to?: string; search?: string; customer?: string };
/** The store's sales query, or the 400 a range that is empty deserves. */
const salesQueryOf = ({ status, from, to, search, customer }: SalesFilter): DomainStoreSalesQuery => {
  const query = {
    ...(status ? { status } : {}),
    ...(from ? { from: new Date(from) } : {}),
    ...(to ? { to: new Date(to) } : {}),
    ...(search ? { search } : {}),
    ...(customer ? { customerId: customer } : {}),
  };
  const badRange = invalidRange(query);
  if (badRange) throw badRange;
  return query;
};

const SALES_CSV_COLUMNS = [
  'id',
  'orderId',
  'createdAt',
  'status',
  'customerId',
  'customerUsername',
  'customerEmail',
  'products',
  'subtotal',
  'networkFee',
  'total',
  'transactionHash',
];

const SALES_CSV_EXAMPLE = csvFile([
  SALES_CSV_COLUMNS,
  [
    '6760c0f4a1b2c3d4e5f60730',
    formatOrderNumber(42),
    '2025-01-15T10:30:00.000Z',
    'completed',
    '6760c0f4a1b2c3d4e5f60701',
    'alice',
    'alice@example.com',
    'Premium Theme License x 2',
    259.98,
    -0.01,
    259.97,
    '4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c',
  ],
]);

const salesCsvRowOf = ({ order, customer }: OrderWithCustomer): string =>
  csvLine([
    csvCell(order.id),
    csvCell(formatOrderNumber(order.number)),
    csvCell(order.createdAt.toISOString(), 'number'),
    csvCell(order.status),
    csvCell(customer?.id ?? ''),
    csvCell(customer?.username ?? ''),
    csvCell(customer?.email ?? ''),
    csvCell(order.lines.map((line) => `${line.name} x ${line.quantity}`).join('; ')),
    csvCell(formatSunAsTrx(order.subtotalSun), 'number'),
    csvCell(formatSunAsTrx(order.networkFeeSun), 'number'),
    csvCell(formatSunAsTrx(order.totalSun), 'number'),
    csvCell(order.transactionHash ?? ''),
  ]);

/** Reads the first sale before anything is sent, so a failing store answers an error, not a cut file. */
const openSalesCsv = async (sales: AsyncIterable<OrderWithCustomer>): Promise<Readable> => {
  const iterator = sales[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(SALES_CSV_COLUMNS.map((column) => csvCell(column)));
    for (let next = first; !next.done; next = await iterator.next()) yield salesCsvRowOf(next.value);
  }
  return Readable.from(lines());
};

export const adminOrderRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const payments = paymentDeps(deps, domainLogger(app.log));
  const base = { preValidation: app.requireAdmin } as const;
  const schemaBase = { tags: ['admin'], security: BEARER_OR_COOKIE };

  app.get(
    '/api/admin/sales',
    {
      config: { apiKeyScope: 'orders:read' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'listSales',
        summary:
          'All orders with their customer, newest first (status, from, to, search and customer filters)',
        description:
          'For admins: every order with its customer, newest first, filtered by status, a createdAt range, a search on the customer or the order number, and one customer; changes nothing.',
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
      const listed = await deps.store.orders.listSales(salesQueryOf(request.query), page.value);
      return {
        success: true as const,
        sales: listed.items.map(presentSale),
        pagination: presentPagination(listed),
      };
    },
  );

  app.get(
    '/api/admin/sales/export',
    {
      config: { apiKeyScope: 'orders:read' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'exportSales',
        summary:
          'All orders with their customer as CSV (sales.csv), newest first, streamed, with the same filters',
        description:
          "For admins: the orders GET /api/admin/sales selects, unpaged, as a CSV file streamed row by row; a text cell that a spreadsheet would run as a formula starts with `'`.",
        querystring: SalesExportQuery,
        response: {
          200: CsvFileResponse(SALES_CSV_EXAMPLE),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      // The schema documents the body as text; Fastify streams a Readable as it is.
      const body: unknown = await openSalesCsv(deps.store.orders.streamSales(salesQueryOf(request.query)));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="sales.csv"')
        .send(body as string);
    },
  );

  for (const url of ['/api/orders/:id/status', '/api/admin/orders/:id/status']) {
    const alias = url.startsWith('/api/admin');
    app.patch(
      url,
      {
        ...base,
        config: {
          validationOverrides: { status: { code: 'INVALID_STATUS', message: 'Invalid status' } },
          apiKeyScope: 'orders:write',
        },
        schema: {
          ...schemaBase,
          operationId: alias ? 'overrideOrderStatusLegacy' : 'overrideOrderStatus',
          summary: alias
            ? 'Alias of PATCH /api/orders/{id}/status'
            : 'Override an order’s status (pending, completed, refunded); no stock change, no transfer',
          description: alias
            ? 'Deprecated alias of PATCH /api/orders/{id}/status, with the same body, rules and answer.'
            : 'For admins: sets an order’s status by hand, moving neither stock nor money; refused while a payment or refund is in flight, or when it would make a second pending order. Recorded in the audit trail.',
          deprecated: alias,
          params: IdParams,
          body: StatusBody,
          response: {
            200: Type.Object(
              { success: Type.Literal(true), message: MessageText('Order status updated'), order: OrderView },
              { additionalProperties: false },
            ),
            ...errorResponses(401, 403, 404, 409),
          },
        },
      },
      async (request) => {
        const changed = await overrideOrderStatus(
          {
            orders: deps.store.orders,
            store: deps.store,
            clock: deps.clock,
            ids: deps.ids,
            actor: actorOf(request),
          },
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
      config: { apiKeyScope: 'refunds:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'refundOrder',
        summary:
          'Refund all or part of what a completed order’s payment brought, from the merchant wallet; the status follows once the whole payment is back',
        description:
          'For admins: sends TRX from the merchant wallet back to the wallet that paid a completed order, the amount given or all that is left; the order becomes refunded once the whole payment is back. Recorded in the audit trail.',
        params: IdParams,
        body: RefundBody,
        response: {
          200: Type.Object(
            {
              success: Type.Literal(true),
              message: MessageText('Refund sent; awaiting confirmation'),
              orderId: ObjectIdString,
              transaction: TransferSummary,
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404, 409, 502, 503),
        },
      },
    },
    async (request) => {
      const { amount, reason } = request.body ?? {};
      const amountSun = amount === undefined ? undefined : parseTrxAmount(amount, { field: 'amount' });
      if (amountSun && !amountSun.ok) throw amountSun.error;
      const refunded = await refundOrder({ ...payments, actor: actorOf(request) }, request.params.id, {
        ...(amountSun ? { amountSun: amountSun.value } : {}),
        ...(reason === undefined ? {} : { reason }),
      });
      if (!refunded.ok) throw refunded.error;
      return {
        success: true as const,
        message: 'Refund sent; awaiting confirmation',
        orderId: refunded.value.order.id,
        transaction: presentTransferSummary(refunded.value.transaction),
      };
    },
  );

  app.post(
    '/api/admin/orders/:id/verify-payment',
    {
      config: { apiKeyScope: 'orders:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'verifyOrderPayment',
        summary:
          'Mark a pending or failed order paid by a transfer made outside the service, after checking it on the solidified chain',
        description:
          'For admins: checks on the solidified chain a transfer the customer made outside the service (to the merchant wallet, at least the total, paying no other order) and completes the pending or failed order with it; recorded in the audit trail.',
        params: IdParams,
        body: VerifyPaymentBody,
        response: {
          200: Type.Object(
            {
              success: Type.Literal(true),
              message: MessageText('Payment verified on chain; the order is completed'),
              order: OrderView,
            },
            { additionalProperties: false },
          ),
          ...errorResponses(400, 401, 403, 404, 409, 503),
        },
      },
    },
    async (request) => {
      const verified = await verifyPayment(
        { ...payments, actor: actorOf(request) },
        {
          orderId: request.params.id,
          txHash: request.body.txHash,
        },
      );
      if (!verified.ok) throw verified.error;
      return {
        success: true as const,
        message: 'Payment verified on chain; the order is completed',
        order: presentOrder(verified.value),
      };
    },
  );
};
