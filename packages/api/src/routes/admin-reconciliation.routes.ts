import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  domainError,
  findReconciliationRun,
  listReconciliationRuns,
  normalizePageRequest,
  reconcileLedger,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { domainLogger } from '../adapters/fastify-logger.js';
import { reconcileDeps } from '../composition/reconcile-deps.js';
import { errorResponses, IdParams } from '../http/schemas.js';
import { actorOf } from '../plugins/auth.js';
import { OPTIONAL_BODY } from '../http/validation.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import { PageQueryFields, PaginationView, presentPagination } from './presenters/pagination.presenter.js';
import {
  presentReconciliationReport,
  presentReconciliationRunSummary,
  ReconciliationReportView,
  ReconciliationRunSummaryView,
} from './presenters/reconciliation.presenter.js';
import type { RouteOptions } from './route-options.js';

const RunBody = Type.Object(
  {
    allWallets: Type.Optional(
      Type.Boolean({
        description: 'read every held wallet’s balance, not only those active since the last run',
      }),
    ),
    fromBlock: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'compare the blocks again from this one (at the earliest the scanner’s first block)',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'No body: the blocks since the last run and the wallets active in them',
    [OPTIONAL_BODY]: true,
    examples: [{ allWallets: true, fromBlock: 61250000 }],
  },
);

const ReportAnswer = Type.Object(
  { success: Type.Literal(true), report: ReconciliationReportView },
  { additionalProperties: false },
);

const RunsQuery = Type.Object({ ...PageQueryFields }, { additionalProperties: false });

const RunsAnswer = Type.Object(
  {
    success: Type.Literal(true),
    runs: Type.Array(ReconciliationRunSummaryView),
    pagination: PaginationView,
  },
  { additionalProperties: false },
);

export const adminReconciliationRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const schemaBase = { tags: ['admin'], security: BEARER_OR_COOKIE };
  const runParts = {
    ...deps,
    logger: domainLogger(app.log),
    requestsPerSecond: deps.reconcileRequestsPerSecond ?? 0,
  };

  app.get(
    '/api/admin/reconciliation',
    {
      config: { apiKeyScope: 'ledger:read' },
      preValidation: app.requireAdmin,
      schema: {
        ...schemaBase,
        operationId: 'getReconciliationReport',
        summary: 'The latest reconciliation of the ledger against the chain (404 before the first run)',
        description:
          'For admins: the report of the latest reconciliation, whoever ran it (this route, another instance or `pnpm reconcile`); changes nothing.',
        response: { 200: ReportAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async () => {
      const report = await deps.store.reconciliation.latestReport();
      if (!report) throw domainError('RECONCILIATION_NOT_RUN', 'No reconciliation has run yet');
      return { success: true as const, report: presentReconciliationReport(report) };
    },
  );

  app.get(
    '/api/admin/reconciliation/runs',
    {
      config: { apiKeyScope: 'ledger:read' },
      preValidation: app.requireAdmin,
      schema: {
        ...schemaBase,
        operationId: 'listReconciliationRuns',
        summary: 'The history of reconciliation runs, newest first, each without its discrepancy rows',
        description:
          'For admins: every reconciliation run kept (this route’s, another instance’s or `pnpm reconcile`’s), newest first by start, each with its counts by kind but not its rows; changes nothing.',
        querystring: RunsQuery,
        response: { 200: RunsAnswer, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const page = normalizePageRequest(request.query.limit, request.query.page);
      if (!page.ok) throw page.error;
      const runs = await listReconciliationRuns(deps, page.value);
      return {
        success: true as const,
        runs: runs.items.map(presentReconciliationRunSummary),
        pagination: presentPagination(runs),
      };
    },
  );

  app.get(
    '/api/admin/reconciliation/runs/:id',
    {
      config: { apiKeyScope: 'ledger:read' },
      preValidation: app.requireAdmin,
      schema: {
        ...schemaBase,
        operationId: 'getReconciliationRun',
        summary: 'One reconciliation run’s whole report, its discrepancy rows included',
        description:
          'For admins: the report of the run with this id, as the run answered it; changes nothing.',
        params: IdParams,
        response: { 200: ReportAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const found = await findReconciliationRun(deps, request.params.id);
      if (!found.ok) throw found.error;
      return { success: true as const, report: presentReconciliationReport(found.value) };
    },
  );

  app.post(
    '/api/admin/reconciliation',
    {
      preValidation: app.requireAdmin,
      config: { rateLimit: app.strictRateLimit },
      schema: {
        ...schemaBase,
        operationId: 'runReconciliation',
        summary:
          'Reconcile the ledger with the solidified chain now, keep the report as the latest and answer it',
        description:
          'For signed-in admins only (no API key): compares the ledger with the solidified chain now (the blocks since the last run and the wallets active in them, or what the body asks), keeps the report as the latest and answers it. One reconciliation runs at a time across instances.',
        body: RunBody,
        response: { 200: ReportAnswer, ...errorResponses(401, 403, 409, 503) },
      },
    },
    async (request) => {
      const { allWallets, fromBlock } = request.body ?? {};
      const report = await reconcileLedger(reconcileDeps({ ...runParts, actor: actorOf(request) }), {
        allWallets: allWallets ?? false,
        fromBlock: fromBlock ?? null,
      });
      return { success: true as const, report: presentReconciliationReport(report) };
    },
  );
};
