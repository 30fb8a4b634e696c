import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type CustomerRow,
  customerDetail,
  customerOverview,
  exportCustomers,
  formatSunAsTrx,
  normalizePageRequest,
  ORDER_STATUSES,
  type OrderStatus,
  setCustomerActive,
  sunToTrx,
} from '@trx-shop/domain';
import { type TInteger, Type } from 'typebox';
import { COMPONENT_NAME, firstExampleOf } from '../http/components.js';
import { csvCell, csvFile, csvLine } from '../http/csv.js';
import {
  CsvFileResponse,
  CustomerSearchText,
  errorResponses,
  IdParams,
  MessageText,
  NullableIsoDate,
  ObjectIdString,
} from '../http/schemas.js';
import { actorOf, adminOf } from '../plugins/auth.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import { PageQueryFields, PaginationView, presentPagination } from './presenters/pagination.presenter.js';
import { presentUser, UserView } from './presenters/user.presenter.js';
import type { RouteOptions } from './route-options.js';

const CustomerView = Type.Object(
  {
    ...UserView.properties,
    totalSpent: Type.Number({ description: 'completed minus refunded totals, TRX' }),
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'Customer',
    examples: [{ ...firstExampleOf(UserView), totalSpent: 259.98 }],
  },
);

const OrderCount = Type.Integer({ minimum: 0 });

const CustomerOrdersView = Type.Object(
  {
    total: { ...OrderCount, description: 'every order the customer placed, any status' },
    byStatus: Type.Object(
      Object.fromEntries(ORDER_STATUSES.map((status) => [status, OrderCount])) as Record<
        OrderStatus,
        TInteger
      >,
      { additionalProperties: false, description: 'one count per order status, zeros included' },
    ),
    lastOrderAt: { ...NullableIsoDate, description: 'when the newest order was placed; null: none' },
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'CustomerOrders',
    examples: [
      {
        total: 5,
        byStatus: { pending: 1, completed: 2, refunded: 1, failed: 0, cancelled: 1 },
        lastOrderAt: '2025-01-15T10:30:00.000Z',
      },
    ],
  },
);

const CSV_COLUMNS = [
  'id',
  'username',
  'email',
  'walletAddress',
  'totalSpent',
  'isActive',
  'createdAt',
  'lastLogin',
];

const CSV_EXAMPLE = csvFile([
  CSV_COLUMNS,
  [
    '6760c0f4a1b2c3d4e5f60701',
    'alice',
    'alice@example.com',
    'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    259.98,
    'true',
    '2025-01-15T10:00:00.000Z',
    '2025-01-16T08:42:00.000Z',
  ],
]);

const csvRowOf = ({ user, totalSpentSun }: CustomerRow): string =>
  csvLine([
    csvCell(user.id),
    csvCell(user.username),
    csvCell(user.email),
    csvCell(user.wallet.address ?? ''),
    csvCell(formatSunAsTrx(totalSpentSun), 'number'),
    csvCell(String(user.isActive), 'number'),
    csvCell(user.createdAt.toISOString(), 'number'),
    csvCell(user.lastLogin?.toISOString() ?? '', 'number'),
  ]);

/** Streams the export row by row from the store's cursor: the table is never held in memory. */
async function* customerCsv(
  first: IteratorResult<CustomerRow>,
  rest: AsyncIterator<CustomerRow>,
): AsyncGenerator<string> {
  yield csvLine(CSV_COLUMNS.map((column) => csvCell(column)));
  for (let next = first; !next.done; next = await rest.next()) yield csvRowOf(next.value);
}

export const adminCustomerRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const users = deps.store.users;
  const base = { preValidation: app.requireAdmin } as const;
  const schemaBase = { tags: ['admin'], security: BEARER_OR_COOKIE };

  app.get(
    '/api/admin/customers',
    {
      config: { apiKeyScope: 'customers:read' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'listCustomers',
        summary: 'Customers with their spending, newest first; search on username or email',
        description:
          'For admins: the customers (role user), newest first, each with what they spent, and their count and volume against the previous 30 days; changes nothing.',
        querystring: Type.Object(
          { search: Type.Optional(CustomerSearchText), ...PageQueryFields },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object(
            {
              success: Type.Literal(true),
              users: Type.Array(CustomerView),
              stats: Type.Object(
                {
                  total: Type.Integer(),
                  totalVolume: Type.Number(),
                  totalChange: Type.String({
                    description: 'against the previous 30 days',
                    examples: ['+12.5%'],
                  }),
                  volumeChange: Type.String({
                    description: 'against the previous 30 days',
                    examples: ['-3.2%'],
                  }),
                },
                { additionalProperties: false },
              ),
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
      const { search } = request.query;
      const overview = await customerOverview(
        { users },
        search ? { search } : {},
        page.value,
        deps.clock.now(),
      );
      return {
        success: true as const,
        users: overview.customers.items.map((row) => ({
          ...presentUser(row.user),
          totalSpent: sunToTrx(row.totalSpentSun),
        })),
        stats: {
          total: overview.stats.total,
          totalVolume: sunToTrx(overview.stats.totalVolumeSun),
          totalChange: overview.stats.totalChange,
          volumeChange: overview.stats.volumeChange,
        },
        pagination: presentPagination(overview.customers),
      };
    },
  );

  app.get(
    // `export` is the list's (POST) path, not a customer to GET; any other id reaches the route,
    // so a malformed one is answered 400 INVALID_ID as on every id route.
    '/api/admin/customers/:id(^(?!export$).+$)',
    {
      config: { apiKeyScope: 'customers:read' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'getCustomer',
        summary: 'One customer with their spending and how many orders they placed in each status',
        description:
          "For admins: one customer as the customer list shows them, with their orders counted by status and when they last ordered; an admin's id is answered 404 USER_NOT_FOUND, as this is the customers' view. The orders themselves: GET /api/admin/sales?customer={id}. Changes nothing.",
        params: IdParams,
        response: {
          200: Type.Object(
            { success: Type.Literal(true), customer: CustomerView, orders: CustomerOrdersView },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const found = await customerDetail({ users, orders: deps.store.orders }, request.params.id);
      if (!found.ok) throw found.error;
      const { customer, orders } = found.value;
      return {
        success: true as const,
        customer: { ...presentUser(customer.user), totalSpent: sunToTrx(customer.totalSpentSun) },
        orders: {
          total: orders.total,
          byStatus: orders.byStatus,
          lastOrderAt: orders.lastOrderAt?.toISOString() ?? null,
        },
      };
    },
  );

  app.patch(
    '/api/admin/customers/:id/block',
    {
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'setCustomerActive',
        summary: 'Block (isActive false) or unblock (true) a customer; admins cannot be blocked',
        description:
          'For signed-in admins only (no API key): blocks a customer, ending every session of theirs at once and refusing their logins, or unblocks one (who then logs in again); admins cannot be blocked. Recorded in the audit trail.',
        params: IdParams,
        body: Type.Object(
          { isActive: Type.Boolean() },
          { additionalProperties: false, examples: [{ isActive: false }] },
        ),
        response: {
          200: Type.Object(
            {
              success: Type.Literal(true),
              message: MessageText('User blocked'),
              user: Type.Object(
                {
                  _id: ObjectIdString,
                  username: Type.String({ examples: ['alice'] }),
                  email: Type.String({ examples: ['alice@example.com'] }),
                  isActive: Type.Boolean(),
                },
                { additionalProperties: false },
              ),
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const changed = await setCustomerActive(
        { users, sessions: deps.store.sessions, clock: deps.clock, ids: deps.ids, actor: actorOf(request) },
        adminOf(request).user.id,
        request.params.id,
        request.body.isActive,
      );
      if (!changed.ok) throw changed.error;
      const user = changed.value;
      return {
        success: true as const,
        message: user.isActive ? 'User unblocked' : 'User blocked',
        user: { _id: user.id, username: user.username, email: user.email, isActive: user.isActive },
      };
    },
  );

  app.post(
    '/api/admin/customers/export',
    {
      config: { apiKeyScope: 'customers:read' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'exportCustomers',
        summary: 'All customers as CSV (customers.csv), streamed',
        description:
          'For admins: every customer with what they spent as a CSV file, streamed row by row from the store; changes nothing.',
        response: {
          200: CsvFileResponse(CSV_EXAMPLE),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      // The first row is read before anything is sent: a store that fails at once is answered
      // with a 500 error body instead of a committed 200 that breaks off after the header.
      const rows = await exportCustomers({
        store: deps.store,
        clock: deps.clock,
        ids: deps.ids,
        actor: actorOf(request),
      });
      // The schema documents the body as text; Fastify streams a Readable as it is.
      const body: unknown = Readable.from(customerCsv(rows.first, rows.rest));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="customers.csv"')
        .send(body as string);
    },
  );
};
