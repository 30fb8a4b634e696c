import { startTestMongo } from '@trx-shop/test-kit';
import { freePort } from './free-port.js';
import { type MoneyPathFigures, runMoneyPath } from './money-path.js';
import { startMoneyPathNode } from './money-path-node.js';
import type { BenchPlan } from './plan.js';
import { startServiceProcess } from './service-process.js';
import { newWorkDir } from './work-dir.js';

export type MongoMoneyFigures =
  | { readonly skipped: string }
  | { readonly server: string; readonly moneyPath: MoneyPathFigures };

/**
 * The money path on the MongoDB store (reported, no target): MONGODB_URI when set, else
 * whatever the tests use (testcontainers, or mongo-java-server from Maven Central). On the
 * stand-in the figure says how the adapter's round trips add up, not how a real server performs:
 * the stand-in ignores non-unique indexes and is an in-memory Java server.
 */
export const runMongoMoneySection = async (
  plan: BenchPlan,
  adminEnv: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string },
): Promise<MongoMoneyFigures> => {
  const mongo = await startTestMongo();
  if ('skipReason' in mongo) return { skipped: mongo.skipReason };
  const dataDir = newWorkDir('mongo-money');
  try {
    const node = await startMoneyPathNode(dataDir);
    try {
      const service = await startServiceProcess({
        dataDir,
        port: await freePort(),
        env: {
          ...adminEnv,
          ...node.env,
          MONGODB_URI: mongo.uri,
          MONGODB_DB: `trx-shop-bench-money-${Date.now()}`,
          LISTENER_INTERVAL_MS: String(3_600_000),
        },
      });
      try {
        const moneyPath = await runMoneyPath({
          baseUrl: service.baseUrl,
          adminEmail: adminEnv.ADMIN_EMAIL,
          adminPassword: adminEnv.ADMIN_PASSWORD,
          // Registration dominates the set-up; a fifth of the SQLite run's buyers is enough to read the rate.
          buyers: Math.max(50, Math.round(plan.buyers / 5)),
          warmUpPairs: plan.warmUpPairs,
          concurrentUsers: plan.concurrentUsers,
          fund: node.fund,
          processes: { service: service.pid, node: node.pid },
        });
        return { server: mongo.kind, moneyPath };
      } finally {
        await service.stop();
      }
    } finally {
      await node.stop();
    }
  } finally {
    await mongo.stop();
  }
};
