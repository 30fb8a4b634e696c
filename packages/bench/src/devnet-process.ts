import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { devnetControl, eventually } from '@trx-shop/test-kit';
import { freePort } from './free-port.js';

const DEVNET_ENTRY = fileURLToPath(new URL('../../tron-devnet/dist/cli.js', import.meta.url));

export interface RunningDevnetProcess {
  readonly url: string;
  readonly control: ReturnType<typeof devnetControl>;
  /** The node's process id (its CPU time is read from /proc). */
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * The devnet in a process of its own, as a real node would be: serializing its blocks costs the
 * node's CPU, not the scanner's. Blocks are produced only on request unless `blockIntervalMs`
 * says how often to make one.
 */
export const startDevnetProcess = async (
  dir: string,
  solidDepth: number,
  options: { readonly blockIntervalMs?: number } = {},
): Promise<RunningDevnetProcess> => {
  const port = await freePort();
  const log = createWriteStream(join(dir, 'devnet.log'));
  await once(log, 'open');
  const child = spawn(process.execPath, [DEVNET_ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      DEVNET_PORT: String(port),
      DEVNET_BLOCK_INTERVAL_MS: String(options.blockIntervalMs ?? 0),
      DEVNET_SOLID_DEPTH: String(solidDepth),
    },
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  const control = devnetControl(url, { solidDepth });
  await eventually(
    () => control.state().catch(() => null),
    (state) => state !== null,
    'the devnet answers /devnet/state',
    30_000,
    50,
  );
  return {
    url,
    control,
    pid: child.pid as number,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      log.end();
    },
  };
};
