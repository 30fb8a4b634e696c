import { awaitLogLine, type RunningServiceProcess } from './service-process.js';

export interface ListenerFigures {
  readonly pendingTransfers: number;
  readonly confirmed: number;
  readonly failed: number;
  readonly runMs: number;
}

const SETTLED_MESSAGE = 'listener run settled transfers';

/**
 * Waits for the service's start-up listener run to log what it settled, and reads the run's own
 * duration from that line.
 */
export const awaitStartupListenerRun = async (
  service: RunningServiceProcess,
  pendingTransfers: number,
  timeoutMs = 300_000,
): Promise<ListenerFigures> => {
  const line = await awaitLogLine(service, SETTLED_MESSAGE, timeoutMs);
  if (typeof line.durationMs !== 'number')
    throw new Error(`the listener's line has no durationMs: ${JSON.stringify(line)}`);
  return {
    pendingTransfers,
    confirmed: Number(line.confirmed),
    failed: Number(line.failed),
    runMs: Number(line.durationMs),
  };
};
