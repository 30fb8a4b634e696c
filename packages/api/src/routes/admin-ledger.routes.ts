import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Readable } from 'node:stream';
import {
  formatSunAsTrx,
  type LedgerRow,
  merchantLedger,
  merchantLedgerRows,
  normalizePageRequest,
  sunToTrx,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
  type WalletMovementQuery,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { COMPONENT_NAME, firstExampleOf } from '../http/components.js';
import { csvCell, csvFile, csvLine } from '../http/csv.js';
import { CsvFileResponse, errorResponses, IsoDate, OneOf } from '../http/schemas.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import { PageQueryFields, PaginationView, presentPagination } from './presenters/pagination.presenter.js';
import { presentTransaction, TransactionView } from './presenters/transaction.presenter.js';
import type { RouteOptions } from './route-options.js';

const LedgerQuery = Type.Object(
  {
    type: Type.Optional(OneOf(TRANSACTION_TYPES)),
    status: Type.Optional(OneOf(TRANSACTION_STATUSES)),
    from: Type.Optional({ ...IsoDate, description: 'createdAt at or after this instant (ISO 8601)' }),
    to: Type.Optional({ ...IsoDate, description: 'createdAt before this instant (ISO 8601)' }),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);

const TrxAmount = Type.Number({ description: 'TRX, at most 6 decimals' });

const MovementView = Type.Object(
  {
    ...TransactionView.properties,
    direction: Type.Union([Type.Literal('in'), Type.Literal('out')]),
    balanceAfter: Type.Union([TrxAmount, Type.Null()], {
      description:
        "the wallet's balance right after this movement; null when it moved nothing (yet) or the node does not answer",
    }),
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'LedgerMovement',
    examples: [{ ...firstExampleOf(TransactionView), direction: 'in', balanceAfter: 1250.6 }],
  },
);

const LedgerAnswer = Type.Object(
  {
    success: Type.Literal(true),
    address: Type.String({
      description: 'the merchant wallet',
      examples: ['TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW'],
    }),
    openingBalance: Type.Union([TrxAmount, Type.Null()], {
      description: 'what the wallet held before its first ledger line (null while the node does not answer)',
    }),
    totals: Type.Object(
      { in: TrxAmount, out: TrxAmount, fees: TrxAmount, net: TrxAmount },
      {
        additionalProperties: false,
        description: 'sums of the movements the filter selects; net = in - out - fees',
      },
    ),
    movements: Type.Array(MovementView),
    pagination: PaginationView,
  },
  { additionalProperties: false },
);

/** The list's filters without its paging: the export streams every selected row. */
const ExportQuery = Type.Omit(LedgerQuery, ['limit', 'page'], { additionalProperties: false });

type LedgerFilter = { type?: TransactionType; status?: TransactionStatus; from?: string; to?: string };

const movementQuery = ({ type, status, from, to }: LedgerFilter): WalletMovementQuery => ({
  ...(type ? { type } : {}),
  ...(status ? { status } : {}),
  ...(from ? { from: new Date(from) } : {}),
  ...(to ? { to: new Date(to) } : {}),
});

const CSV_COLUMNS = [
  'id',
  'createdAt',
  'type',
  'direction',
  'status',
  'amount',
  'balanceAfter',
  'transactionHash',
  'fromAddress',
  'toAddress',
  'orderId',
  'blockNumber',
];

const CSV_EXAMPLE = csvFile([
  CSV_COLUMNS,
  [
    '6760c0f4a1b2c3d4e5f60740',
    '2025-01-15T10:31:00.000Z',
    'purchase',
    'in',
    'confirmed',
    259.97,
    1250.6,
    '4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c',
    'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
    '6760c0f4a1b2c3d4e5f60730',
    61250123,
  ],
]);

const csvRowOf = ({ line, direction, balanceAfterSun }: LedgerRow): string =>
  csvLine([
    csvCell(line.id),
    csvCell(line.createdAt.toISOString(), 'number'),
    csvCell(line.type),
    csvCell(direction),
    csvCell(line.status),
    csvCell(formatSunAsTrx(line.amountSun), 'number'),
    csvCell(balanceAfterSun === null ? '' : formatSunAsTrx(balanceAfterSun), 'number'),
    csvCell(line.transactionHash),
    csvCell(line.fromAddress),
    csvCell(line.toAddress),
    csvCell(line.orderId ?? ''),
    csvCell(line.blockNumber === null ? '' : String(line.blockNumber), 'number'),
  ]);

/** Reads the first row before anything is sent, so a failing store answers an error, not a cut file. */
const openLedgerCsv = async (rows: AsyncIterable<LedgerRow>): Promise<Readable> => {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(CSV_COLUMNS.map((column) => csvCell(column)));
    for (let next = first; !next.done; next = await iterator.next()) yield csvRowOf(next.value);
  }
  return Readable.from(lines());
};

export const adminLedgerRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/api/admin/ledger/export',
    {
      config: { apiKeyScope: 'ledger:read' },
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security: BEARER_OR_COOKIE,
        operationId: 'exportMerchantLedger',
        summary: 'The merchant ledger as CSV (ledger.csv), oldest first, streamed, with the same filters',
        description:
          "For admins: the merchant wallet's movements GET /api/admin/ledger selects, oldest first and unpaged, as a CSV file with the balance after each; changes nothing.",
        querystring: ExportQuery,
        response: {
          200: CsvFileResponse(CSV_EXAMPLE),
          ...errorResponses(401, 403, 503),
        },
      },
    },
    async (request, reply) => {
      const ledger = await merchantLedgerRows(deps, movementQuery(request.query));
      if (!ledger.ok) throw ledger.error;
      // The schema documents the body as text; Fastify streams a Readable as it is.
      const body: unknown = await openLedgerCsv(ledger.value.rows);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="ledger.csv"')
        .send(body as string);
    },
  );

  app.get(
    '/api/admin/ledger',
    {
      config: { apiKeyScope: 'ledger:read' },
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security: BEARER_OR_COOKIE,
        operationId: 'listMerchantLedger',
        summary:
          'Every movement of the merchant wallet with its running balance and the totals of the filter',
        description:
          'For admins: every movement of the merchant wallet (payments in, refunds out, deposits, withdrawals, fees) with the balance after each, and the totals of the filter; changes nothing.',
        querystring: LedgerQuery,
        response: { 200: LedgerAnswer, ...errorResponses(401, 403, 503) },
      },
    },
    async (request) => {
      const page = normalizePageRequest(request.query.limit, request.query.page);
      if (!page.ok) throw page.error;
      const ledger = await merchantLedger(deps, movementQuery(request.query), page.value);
      if (!ledger.ok) throw ledger.error;
      const { totals } = ledger.value;
      return {
        success: true as const,
        address: ledger.value.address,
        openingBalance:
          ledger.value.openingBalanceSun === null ? null : sunToTrx(ledger.value.openingBalanceSun),
        totals: {
          in: sunToTrx(totals.inSun),
          out: sunToTrx(totals.outSun),
          fees: sunToTrx(totals.feesSun),
          net: sunToTrx(totals.inSun - totals.outSun - totals.feesSun),
        },
        movements: ledger.value.rows.items.map((row) => ({
          ...presentTransaction(row.line),
          direction: row.direction,
          balanceAfter: row.balanceAfterSun === null ? null : sunToTrx(row.balanceAfterSun),
        })),
        pagination: presentPagination(ledger.value.rows),
      };
    },
  );
};
