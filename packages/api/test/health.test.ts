import { describe, expect, it } from 'vitest';
import { json } from './support/http.js';
import { createTestApp, startTestDevnet } from './support/test-app.js';

describe('GET /api/health', () => {
  it('answers 200 {status: ok, store: true, chain: true} while both answer, then 503 once the devnet is stopped', async () => {
    const devnet = await startTestDevnet();
    const h = await createTestApp({ devnet });
    try {
      const healthy = await h.app.inject({ url: '/api/health' });
      expect(healthy.statusCode).toBe(200);
      expect(json(healthy)).toEqual({ status: 'ok', store: true, chain: true });

      await devnet.stop();
      const degraded = await h.app.inject({ url: '/api/health' });
      expect(degraded.statusCode).toBe(503);
      expect(json(degraded)).toEqual({ status: 'degraded', store: true, chain: false });
    } finally {
      await h.close();
      await devnet.stop();
    }
  });
});
