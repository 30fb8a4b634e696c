import { openMongoStore } from '@trx-shop/store-mongodb';
import type { Credentials } from './data-set-section.js';
import { freePort } from './free-port.js';
import { type EndpointFigures, runHttpSuite } from './http-suite.js';
import type { BenchPlan } from './plan.js';
import { seedDataSet } from './seed-data-set.js';
import { startServiceProcess } from './service-process.js';
import { newWorkDir } from './work-dir.js';

export type MongoSectionFigures =
  | { readonly skipped: string }
  | { readonly dbName: string; readonly http: EndpointFigures[] };

/** The HTTP set against the MongoDB store, in a database of its own named after the run. */
export const runMongoSection = async (
  plan: BenchPlan,
  credentials: Credentials,
  uri: string | undefined,
): Promise<MongoSectionFigures> => {
  if (!uri) return { skipped: 'MONGODB_URI is not set' };
  const dbName = `trx-shop-bench-${Date.now()}`;
  const store = await openMongoStore({ uri, dbName });
  let logins: Awaited<ReturnType<typeof seedDataSet>>;
  try {
    logins = await seedDataSet(store, plan.dataSet, credentials.passwordHash, credentials.password);
  } finally {
    await store.close();
  }
  const dir = newWorkDir('mongodb');
  const service = await startServiceProcess({
    dataDir: dir,
    port: await freePort(),
    env: { MONGODB_URI: uri, MONGODB_DB: dbName },
  });
  try {
    const http = await runHttpSuite({
      baseUrl: service.baseUrl,
      servicePid: service.pid,
      workDir: dir,
      logins,
      expectedOrders: plan.dataSet.orders,
      durationSeconds: plan.durationSeconds,
      connections: plan.connections,
    });
    return { dbName, http };
  } finally {
    await service.stop();
  }
};
