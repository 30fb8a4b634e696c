import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { type AdminPageFigures, describeAdminPages, measureAdminPages } from './admin-pages.js';
import { type ExportFigures, measureExport } from './export-stream.js';
import { freePort } from './free-port.js';
import { type EndpointFigures, runHttpSuite } from './http-suite.js';
import { runLoad } from './load.js';
import type { BenchPlan } from './plan.js';
import { type DataSetSize, type SeededLogins, seedDataSet } from './seed-data-set.js';
import { type RunningServiceProcess, startServiceProcess } from './service-process.js';
import { signIn } from './shop-client.js';
import {
  describeStorefrontPages,
  measureStorefrontPages,
  type StorefrontPageFigures,
} from './storefront-pages.js';
import { SQLITE_FILE } from './sqlite-file.js';
import { notMeasured } from './not-measured.js';
import { newWorkDir } from './work-dir.js';

export interface GrowthFigures {
  readonly orders: number;
  readonly seedSeconds: number;
  readonly statsP50Ms: number;
  readonly statsP99Ms: number;
  readonly customersP50Ms: number;
  readonly customersP99Ms: number;
  /** `GET /api/admin/sales/export` downloaded to the end. */
  readonly salesExport: ExportFigures;
}

export interface DataSetFigures {
  readonly growth: GrowthFigures[];
  readonly http: EndpointFigures[];
  readonly underLoadPeakRssMiB: number;
  readonly startupWithDataMs: number;
  /** The admin's dashboard and orders page in Chromium, on the main data set. */
  readonly adminPages: AdminPageFigures;
  /** The storefront's catalogue in Chromium, on the main data set's products. */
  readonly storefrontPages: StorefrontPageFigures;
}

export interface Credentials {
  readonly passwordHash: string;
  readonly password: string;
}

const seedSqlite = async (dir: string, size: DataSetSize, credentials: Credentials) => {
  const store = await openSqliteStore({ filename: join(dir, SQLITE_FILE) });
  try {
    return await seedDataSet(store, size, credentials.passwordHash, credentials.password);
  } finally {
    await store.close();
  }
};

/** Latency one request at a time, so the percentiles are the endpoint's own, without queueing. */
const measureLatency = async (service: RunningServiceProcess, logins: SeededLogins, seconds: number) => {
  const admin = await signIn(service.baseUrl, logins.adminEmail, logins.password);
  const headers = { authorization: `Bearer ${admin.accessToken}` };
  const stats = await runLoad({
    url: `${service.baseUrl}/api/admin/stats`,
    headers,
    connections: 1,
    durationSeconds: seconds,
  });
  const customers = await runLoad({
    url: `${service.baseUrl}/api/admin/customers`,
    headers,
    connections: 1,
    durationSeconds: seconds,
  });
  for (const figures of [stats, customers])
    if (figures.failures > 0) throw new Error('latency run had failures');
  const salesExport = await measureExport(service, 'GET /api/admin/sales/export', () =>
    admin.GET('/api/admin/sales/export', { parseAs: 'stream' }),
  );
  return { stats, customers, salesExport };
};

/**
 * For each order count: seed a fresh SQLite file, start the service on it, measure the growth
 * figures, and on the plan's main data set also the HTTP set, the peak RSS under that load and
 * the web apps' pages in Chromium.
 */
export const runDataSetSection = async (
  plan: BenchPlan,
  credentials: Credentials,
): Promise<DataSetFigures> => {
  const growth: GrowthFigures[] = [];
  let http: EndpointFigures[] = [];
  let underLoadPeakRssMiB = Number.NaN;
  let startupWithDataMs = Number.NaN;
  const unseeded = notMeasured('the main data set was not measured');
  let adminPages: AdminPageFigures = {
    samples: plan.webPageSamples,
    dashboardLcp: unseeded,
    ordersInteractive: unseeded,
  };
  let storefrontPages: StorefrontPageFigures = { samples: plan.webPageSamples, catalogueLcp: unseeded };
  for (const orders of plan.growthOrders) {
    const dir = newWorkDir(`orders-${orders}`);
    const size = { ...plan.dataSet, orders };
    const seedStarted = performance.now();
    const logins = await seedSqlite(dir, size, credentials);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`  seeded ${orders} orders in ${seedSeconds.toFixed(1)} s`);
    const service = await startServiceProcess({ dataDir: dir, port: await freePort() });
    try {
      const latency = await measureLatency(service, logins, plan.durationSeconds);
      growth.push({
        orders,
        seedSeconds,
        statsP50Ms: latency.stats.latencyP50Ms,
        statsP99Ms: latency.stats.latencyP99Ms,
        customersP50Ms: latency.customers.latencyP50Ms,
        customersP99Ms: latency.customers.latencyP99Ms,
        salesExport: latency.salesExport,
      });
      if (orders === plan.dataSet.orders) {
        startupWithDataMs = service.startupMs;
        http = await runHttpSuite({
          baseUrl: service.baseUrl,
          servicePid: service.pid,
          workDir: dir,
          logins,
          expectedOrders: orders,
          durationSeconds: plan.durationSeconds,
          connections: plan.connections,
        });
        underLoadPeakRssMiB = service.memory().peakRssMiB;
        // After the HTTP set and its peak: a service warm from use, as a shop's is, and no
        // browser sharing the cores with the load.
        adminPages = await measureAdminPages({
          baseUrl: service.baseUrl,
          email: logins.adminEmail,
          password: logins.password,
          samples: plan.webPageSamples,
        });
        console.log(`  admin pages in Chromium: ${describeAdminPages(adminPages)}`);
        storefrontPages = await measureStorefrontPages({
          baseUrl: service.baseUrl,
          samples: plan.webPageSamples,
        });
        console.log(
          `  storefront in Chromium (${size.products} products): ${describeStorefrontPages(storefrontPages)}`,
        );
      }
    } finally {
      await service.stop();
    }
  }
  return { growth, http, underLoadPeakRssMiB, startupWithDataMs, adminPages, storefrontPages };
};
