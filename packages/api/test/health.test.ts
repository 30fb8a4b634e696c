import { scanDeposits } from '@trx-shop/domain';
import { devnetControl } from '@trx-shop/test-kit';
import { describe, expect, it } from 'vitest';
import { paymentDepsOf } from './shop/shop-fixtures.js';
import { json } from './support/http.js';
import { createTestApp, startTestDevnet } from './support/test-app.js';

describe('GET /api/health', () => {
  it('answers 200 {status: ok, store: true, chain: true} while both answer, then 503 once the devnet is stopped', async () => {
    const devnet = await startTestDevnet();
    const h = await createTestApp({ devnet });
    try {
      const healthy = await h.app.inject({ url: '/api/health' });
      expect(healthy.statusCode).toBe(200);
      expect(json(healthy)).toEqual({ status: 'ok', store: true, chain: true, scannerLagBlocks: null });

      // The scanner's first run places its cursor at the solidified head; blocks made after it
      // are its lag until the next run reads them.
      const deps = paymentDepsOf(h);
      const first = await scanDeposits(deps, { startBlock: null, maxBlocks: 100 });
      const control = devnetControl(devnet.url);
      await control.produceBlocks(5);
      const solid = (await control.state()).solid;
      expect(json(await h.app.inject({ url: '/api/health' }))).toMatchObject({
        scannerLagBlocks: solid - first.cursor,
      });
      expect(solid - first.cursor).toBeGreaterThan(0);
      await scanDeposits(deps, { startBlock: null, maxBlocks: 100 });
      expect(json(await h.app.inject({ url: '/api/health' }))).toMatchObject({ scannerLagBlocks: 0 });

      await devnet.stop();
      const degraded = await h.app.inject({ url: '/api/health' });
      expect(degraded.statusCode).toBe(503);
      expect(json(degraded)).toEqual({
        status: 'degraded',
        store: true,
        chain: false,
        scannerLagBlocks: null,
      });
    } finally {
      await h.close();
      await devnet.stop();
    }
  });
});
