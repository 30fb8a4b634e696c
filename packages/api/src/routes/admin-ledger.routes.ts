import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  merchantLedger,
  normalizePageRequest,
  sunToTrx,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { errorResponses, IsoDate, OneOf } from '../http/schemas.js';
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
  { additionalProperties: false },
);

const LedgerAnswer = Type.Object(
  {
    success: Type.Literal(true),
    address: Type.String({ description: 'the merchant wallet' }),
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

export const adminLedgerRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/api/admin/ledger',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security: BEARER_OR_COOKIE,
        operationId: 'listMerchantLedger',
        summary:
          'Every movement of the merchant wallet with its running balance and the totals of the filter',
        querystring: LedgerQuery,
        response: { 200: LedgerAnswer, ...errorResponses(401, 403, 503) },
      },
    },
    async (request) => {
      const page = normalizePageRequest(request.query.limit, request.query.page);
      if (!page.ok) throw page.error;
      const { type, status, from, to } = request.query;
      const ledger = await merchantLedger(
        deps,
        {
          ...(type ? { type } : {}),
          ...(status ? { status } : {}),
          ...(from ? { from: new Date(from) } : {}),
          ...(to ? { to: new Date(to) } : {}),
        },
        page.value,
      );
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
