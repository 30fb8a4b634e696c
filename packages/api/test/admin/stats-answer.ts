import { expect } from 'vitest';
import { json, type LoggedIn } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';

export interface StatsAnswer {
  success: boolean;
  stats: Record<string, unknown>;
  recentSales: Record<string, unknown>[];
  topProducts: Record<string, unknown>[];
  chartData: { date: string; revenue: number; orders: number }[];
}

/** GET /api/admin/stats as `admin`; 200 expected. */
export const fetchStats = async (h: TestApp, admin: LoggedIn): Promise<StatsAnswer> => {
  const response = await h.app.inject({ url: '/api/admin/stats', headers: admin.jar.header() });
  expect(response.statusCode, response.body).toBe(200);
  return json(response) as unknown as StatsAnswer;
};
