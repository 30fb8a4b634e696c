import { cpus, release, totalmem, type } from 'node:os';

export interface MachineFacts {
  readonly cpuModel: string;
  readonly cpuCount: number;
  readonly memoryGiB: number;
  readonly os: string;
  readonly node: string;
}

export const machineFacts = (): MachineFacts => ({
  cpuModel: cpus()[0]?.model ?? 'unknown',
  cpuCount: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  os: `${type()} ${release()}`,
  node: process.version,
});
