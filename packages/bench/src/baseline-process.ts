import { fork } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

const ENTRY = fileURLToPath(new URL('./baseline-server.js', import.meta.url));

export interface BaselineProcess {
  /** The ceiling route answering `name`'s body. */
  url(name: string): string;
  /** Its process id (its CPU time is read from /proc). */
  readonly pid: number;
  stop(): Promise<void>;
}

export const startBaselineProcess = async (
  workDir: string,
  bodies: Record<string, string>,
): Promise<BaselineProcess> => {
  const bodiesFile = join(workDir, 'baseline-bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const port = await freePort();
  const child = fork(ENTRY, [String(port), bodiesFile], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await once(child, 'message');
  return {
    url: (name) => `http://127.0.0.1:${port}/ceiling/${name}`,
    pid: child.pid as number,
    stop: async () => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
};
