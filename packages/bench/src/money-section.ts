import { freePort } from './free-port.js';
import { awaitStartupListenerRun, type ListenerFigures } from './listener-run.js';
import { type MoneyPathFigures, runMoneyPath } from './money-path.js';
import {
  MONEY_PATH_BLOCK_INTERVAL_MS,
  MONEY_PATH_SOLID_DEPTH,
  startMoneyPathNode,
} from './money-path-node.js';
import type { BenchPlan } from './plan.js';
import { startServiceProcess } from './service-process.js';
import { newWorkDir } from './work-dir.js';

export interface MoneySectionFigures {
  readonly moneyPath: MoneyPathFigures;
  readonly listener: ListenerFigures;
}

/**
 * On a fresh SQLite instance whose listener only runs at start-up, its node a devnet process of
 * its own: the buyers order and pay (the money path), their transfers are mined and solidified,
 * then the service restarts on the same DATA_DIR and its start-up listener run settles every one
 * of them, the warm-up pairs' included.
 */
export const runMoneySection = async (
  plan: BenchPlan,
  adminEnv: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string },
): Promise<MoneySectionFigures> => {
  const dataDir = newWorkDir('money');
  const node = await startMoneyPathNode(dataDir);
  try {
    return await runOnNode(plan, adminEnv, dataDir, node);
  } finally {
    await node.stop();
  }
};

const runOnNode = async (
  plan: BenchPlan,
  adminEnv: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string },
  dataDir: string,
  node: Awaited<ReturnType<typeof startMoneyPathNode>>,
): Promise<MoneySectionFigures> => {
  const port = await freePort();
  const env = { ...adminEnv, ...node.env, LISTENER_INTERVAL_MS: String(3_600_000) };
  const first = await startServiceProcess({ dataDir, port, env });
  let moneyPath: MoneyPathFigures;
  try {
    moneyPath = await runMoneyPath({
      baseUrl: first.baseUrl,
      adminEmail: adminEnv.ADMIN_EMAIL,
      adminPassword: adminEnv.ADMIN_PASSWORD,
      buyers: plan.buyers,
      warmUpPairs: plan.warmUpPairs,
      concurrentUsers: plan.concurrentUsers,
      fund: node.fund,
      processes: { service: first.pid, node: node.pid },
    });
    // Every transfer is in a block once the next block is produced; then it needs SOLID_DEPTH more.
    await new Promise((resolve) =>
      setTimeout(resolve, (MONEY_PATH_SOLID_DEPTH + 3) * MONEY_PATH_BLOCK_INTERVAL_MS),
    );
  } catch (error) {
    await first.stop();
    throw error;
  }
  const code = await first.stop();
  if (code !== 0) throw new Error(`the service exited with ${code} on SIGTERM; log: ${first.logFile}`);
  const second = await startServiceProcess({ dataDir, port, env });
  const transfers = moneyPath.warmUpPairs + moneyPath.pairs;
  try {
    const listener = await awaitStartupListenerRun(second, transfers);
    if (listener.confirmed !== transfers) {
      throw new Error(
        `the listener run confirmed ${listener.confirmed} of ${transfers} transfers; log: ${second.logFile}`,
      );
    }
    return { moneyPath, listener };
  } finally {
    await second.stop();
  }
};
