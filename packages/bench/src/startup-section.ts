import { freePort } from './free-port.js';
import { startServiceProcess } from './service-process.js';
import { newWorkDir } from './work-dir.js';

export interface StartupFigures {
  /** Spawn to the first answered health check, fresh DATA_DIR each time (migrations, demo products, admin). */
  readonly startupMs: readonly number[];
  readonly idleRssMiB: number;
  readonly idlePeakRssMiB: number;
}

const IDLE_SETTLE_MS = 3_000;

export const measureStartup = async (
  samples: number,
  adminEnv: Record<string, string>,
): Promise<StartupFigures> => {
  const startupMs: number[] = [];
  let idle = { rssMiB: Number.NaN, peakRssMiB: Number.NaN };
  for (let i = 0; i < samples; i++) {
    const service = await startServiceProcess({
      dataDir: newWorkDir('startup'),
      port: await freePort(),
      env: adminEnv,
    });
    startupMs.push(service.startupMs);
    if (i === samples - 1) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
      idle = service.memory();
    }
    await service.stop();
  }
  return { startupMs, idleRssMiB: idle.rssMiB, idlePeakRssMiB: idle.peakRssMiB };
};
