import { makeDataDir, registerAccount, removeDataDir, startServiceProcess } from '@trx-shop/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectSocket } from '../realtime/realtime-fixtures.js';

describe('a graceful shutdown with WebSockets open', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await makeDataDir();
  });
  afterEach(() => removeDataDir(dataDir));

  it('closes each open socket with 1001 "going away" on SIGTERM, and the process exits 0', async () => {
    const service = await startServiceProcess(dataDir);
    let exit: Awaited<ReturnType<typeof service.stop>> | null = null;
    try {
      const buyer = await registerAccount(service.apiUrl);
      const joined = await connectSocket(service.apiUrl, { token: buyer.token });
      expect(await joined.join(buyer.id)).toEqual({ event: 'joined', data: { room: `user:${buyer.id}` } });
      // A socket that has not joined a room yet is closed the same way.
      const idle = await connectSocket(service.apiUrl, { token: buyer.token });

      exit = await service.stop('SIGTERM');

      expect(await joined.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
      expect(await idle.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
    } finally {
      exit ??= await service.stop('SIGKILL');
    }
    expect(exit).toEqual({ code: 0, signal: null });
  }, 90_000);
});
