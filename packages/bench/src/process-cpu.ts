import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on Linux builds this runs on). */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User plus system CPU time a process has used so far, in milliseconds (from /proc/<pid>/stat). */
export const cpuTimeMsOf = (pid: number): number => {
  // The command name (field 2) may hold spaces and parentheses: the fields after it are fixed.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const userTicks = Number(fields[11]);
  const systemTicks = Number(fields[12]);
  return ((userTicks + systemTicks) * 1000) / ticksPerSecond;
};

/** This process's own CPU time so far, in milliseconds. */
const ownCpuTimeMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** One process's CPU time from now to `stop()`, in ms; undefined without a process id. */
export const startProcessCpuMeter = (pid: number | undefined) => {
  const startedAt = pid === undefined ? 0 : cpuTimeMsOf(pid);
  return { stop: (): number | undefined => (pid === undefined ? undefined : cpuTimeMsOf(pid) - startedAt) };
};

/**
 * CPU time used by named processes (and this one, under `ownName`) from this call to the
 * returned `stop()`, in milliseconds each.
 */
export const startCpuMeter = (pids: Readonly<Record<string, number>>, ownName: string) => {
  const read = () => ({
    ...Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuTimeMsOf(pid)])),
    [ownName]: ownCpuTimeMs(),
  });
  const before = read();
  return {
    stop: (): Record<string, number> => {
      const after = read();
      return Object.fromEntries(Object.entries(after).map(([name, ms]) => [name, ms - (before[name] ?? 0)]));
    },
  };
};
