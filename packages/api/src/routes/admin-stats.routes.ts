import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dashboardStats } from '@trx-shop/domain';
import { errorResponses } from '../http/schemas.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import { DashboardView, presentDashboard } from './presenters/dashboard.presenter.js';
import type { RouteOptions } from './route-options.js';

export const adminStatsRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/api/admin/stats',
    {
      config: { apiKeyScope: 'stats:read' },
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'getDashboardStats',
        summary: 'Dashboard: totals, 30-day trends, status counts, recent sales, top products, 181-day chart',
        description:
          "For admins: the dashboard's figures, computed from the orders at the moment of the request; changes nothing.",
        security: BEARER_OR_COOKIE,
        response: { 200: DashboardView, ...errorResponses(401, 403) },
      },
    },
    async () => presentDashboard(await dashboardStats({ dashboard: deps.store.dashboard }, deps.clock.now())),
  );
};
