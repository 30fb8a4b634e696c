import { freePort } from './free-port.js';
import { awaitStartupListenerRun, type ListenerFigures } from './listener-run.js';
import { type MoneyPathFigures, runMoneyPath } from './money-path.js';
import type { BenchPlan } from './plan.js';
import { startServiceProcess } from './service-process.js';
import { newWorkDir } from './work-dir.js';

export interface MoneySectionFigures {
  readonly moneyPath: MoneyPathFigures;
  readonly listener: ListenerFigures;
}

const BLOCK_INTERVAL_MS = 1_000;
const SOLID_DEPTH = 3;

/**
 * On a fresh embedded instance whose listener only runs at start-up: the buyers order and pay
 * (the money path), their transfers are mined and solidified, then the service restarts on the
 * same DATA_DIR and its start-up listener run settles every one of them.
 */
export const runMoneySection = async (
  plan: BenchPlan,
  adminEnv: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string },
): Promise<MoneySectionFigures> => {
  const dataDir = newWorkDir('money');
  const port = await freePort();
  const env = {
    ...adminEnv,
    LISTENER_INTERVAL_MS: String(3_600_000),
    DEVNET_BLOCK_INTERVAL_MS: String(BLOCK_INTERVAL_MS),
    DEVNET_SOLID_DEPTH: String(SOLID_DEPTH),
  };
  const first = await startServiceProcess({ dataDir, port, env });
  let moneyPath: MoneyPathFigures;
  try {
    moneyPath = await runMoneyPath({
      baseUrl: first.baseUrl,
      adminEmail: adminEnv.ADMIN_EMAIL,
      adminPassword: adminEnv.ADMIN_PASSWORD,
      buyers: plan.buyers,
      concurrentUsers: plan.concurrentUsers,
    });
    // Every transfer is in a block once the next block is produced; then it needs SOLID_DEPTH more.
    await new Promise((resolve) => setTimeout(resolve, (SOLID_DEPTH + 3) * BLOCK_INTERVAL_MS));
  } catch (error) {
    await first.stop();
    throw error;
  }
  const code = await first.stop();
  if (code !== 0) throw new Error(`the service exited with ${code} on SIGTERM; log: ${first.logFile}`);
  const second = await startServiceProcess({ dataDir, port, env });
  try {
    const listener = await awaitStartupListenerRun(second, moneyPath.pairs);
    if (listener.confirmed !== moneyPath.pairs) {
      throw new Error(
        `the listener run confirmed ${listener.confirmed} of ${moneyPath.pairs} transfers; log: ${second.logFile}`,
      );
    }
    return { moneyPath, listener };
  } finally {
    await second.stop();
  }
};
