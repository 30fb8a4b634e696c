import { writeFileSync } from 'node:fs';
import { WebSocket } from 'ws';

/**
 * A CPU profile of a running process over the inspector protocol, for a window the caller
 * chooses (the money path's pairs, not its set-up): SIGUSR1 opens the process's inspector on
 * 127.0.0.1:9229, then Profiler.start ... Profiler.stop, written as a `.cpuprofile` file.
 */
export const startRemoteProfile = async (pid: number): Promise<{ stop(file: string): Promise<void> }> => {
  process.kill(pid, 'SIGUSR1');
  let debuggerUrl: string | undefined;
  for (let attempt = 0; attempt < 100 && debuggerUrl === undefined; attempt += 1) {
    try {
      const targets = (await (await fetch('http://127.0.0.1:9229/json/list')).json()) as {
        webSocketDebuggerUrl?: string;
      }[];
      debuggerUrl = targets[0]?.webSocketDebuggerUrl;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  if (debuggerUrl === undefined) throw new Error(`the inspector of ${pid} did not open`);
  const socket = new WebSocket(debuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = ++nextId;
      const onMessage = (raw: Buffer) => {
        const message = JSON.parse(raw.toString()) as {
          id?: number;
          result?: Record<string, unknown>;
          error?: unknown;
        };
        if (message.id !== id) return;
        socket.off('message', onMessage);
        if (message.error) reject(new Error(JSON.stringify(message.error)));
        else resolve(message.result ?? {});
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call('Profiler.enable');
  await call('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await call('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      socket.close();
    },
  };
};
