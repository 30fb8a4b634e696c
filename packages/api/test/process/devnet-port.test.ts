import { createServer } from 'node:net';
import { makeDataDir, removeDataDir, startServiceProcess } from '@trx-shop/test-kit';
import { describe, expect, it } from 'vitest';

/* Issue 16, item 5: the embedded devnet keeps its port across restarts (stored in DATA_DIR). */

describe('the embedded devnet port', () => {
  it('is the same after a restart, and a new one (logged) when the stored one is taken', async () => {
    const dataDir = await makeDataDir();
    try {
      const first = await startServiceProcess(dataDir);
      const port = new URL(first.devnetUrl).port;
      await first.stop();

      const second = await startServiceProcess(dataDir);
      expect(new URL(second.devnetUrl).port).toBe(port);
      await second.stop();

      const squatter = createServer();
      await new Promise<void>((resolve) => squatter.listen(Number(port), '127.0.0.1', resolve));
      try {
        const third = await startServiceProcess(dataDir);
        const moved = new URL(third.devnetUrl).port;
        expect(moved).not.toBe(port);
        expect(third.output()).toContain(
          `the devnet's stored port ${port} is taken; it now listens on ${moved}`,
        );
        await third.stop();
      } finally {
        squatter.close();
      }
      // The new port is the one kept from now on.
      const fourth = await startServiceProcess(dataDir);
      expect(new URL(fourth.devnetUrl).port).not.toBe(port);
      await fourth.stop();
    } finally {
      await removeDataDir(dataDir);
    }
  }, 120_000);
});
