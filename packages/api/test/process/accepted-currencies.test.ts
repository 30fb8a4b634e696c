import { call, makeDataDir, removeDataDir, startServiceProcess } from '@trx-shop/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnScript } from '../support/cli-process.js';

/* ACCEPTED_CURRENCIES as the real service takes it: named in the banner, answered by the API, checked at start. */

describe('the service started with ACCEPTED_CURRENCIES', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await makeDataDir();
  });
  afterEach(async () => {
    await removeDataDir(dataDir);
  });

  it('names a TRX-only shop in the banner and the running log line, and answers it to the storefront', async () => {
    const service = await startServiceProcess(dataDir, { ACCEPTED_CURRENCIES: 'TRX' });
    try {
      expect(service.stderr().split('\n')).toContain('  Currencies TRX');
      await service.waitForOutput('"msg":"TRX Shop is running"');
      const running = service
        .stdout()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; currencies?: string[] })
        .find((record) => record.msg === 'TRX Shop is running');
      expect(running?.currencies).toEqual(['TRX']);
      const answer = await call(service.apiUrl, 'GET', '/api/shop/currencies');
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 200,
        body: { success: true, currencies: ['TRX'] },
      });
    } finally {
      expect(await service.stop()).toEqual({ code: 0, signal: null });
    }
  }, 90_000);

  it('refuses to start with a currency it does not know, naming the variable', async () => {
    const run = spawnScript('src/server.ts', [], {
      DATA_DIR: dataDir,
      PORT: '0',
      ACCEPTED_CURRENCIES: 'TRX,USDC',
    });
    const exit = await run.exited;
    expect(exit.code).toBe(1);
    expect(run.stderr()).toContain(
      'config: ACCEPTED_CURRENCIES: "USDC" is not a currency the shop can accept (TRX, USDT)',
    );
  }, 60_000);
});
