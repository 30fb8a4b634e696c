import { NO_SUBJECTS } from '@trx-shop/domain';
import { newObjectId } from '@trx-shop/store-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/*
 * Liveness and readiness probes (docs/operations.md, "Running several instances"): live while the
 * process answers; ready while the store and the node answer and the event log keeps up.
 */

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(async () => {
  await h.close();
});

describe('health probes', () => {
  it('answers live without touching the store or the node', async () => {
    const realPing = h.store.ping;
    (h.store as { ping: typeof realPing }).ping = async () => {
      throw new Error('the store is gone');
    };
    try {
      const live = await h.app.inject({ url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(json(live)).toEqual({ status: 'ok' });
      const ready = await h.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(json(ready)).toMatchObject({
        status: 'not-ready',
        store: false,
        reasons: ['the store does not answer'],
      });
    } finally {
      (h.store as { ping: typeof realPing }).ping = realPing;
    }
  });

  it('is ready with everything up and delivered, and not ready while logged events wait for this instance', async () => {
    // A reader that reads only when told (frames()), and a bound of 2 events.
    const slow = await createTestApp({
      devnet: h.devnet,
      eventPollIntervalMs: 3_600_000,
      readiness: { maxScannerLagBlocks: 100, maxEventLag: 2 },
    });
    try {
      await slow.frames();
      const ready = await slow.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(json(ready)).toMatchObject({
        status: 'ready',
        store: true,
        chain: true,
        eventLag: 0,
        outboxBacklog: 0,
        reasons: [],
      });

      const log = slow.store.eventLog;
      for (let index = 0; index < 3; index += 1) {
        const at = new Date();
        await log.insert(
          {
            id: newObjectId(),
            type: 'product.updated',
            occurredAt: at,
            subjects: { ...NO_SUBJECTS, productId: newObjectId() },
            payload: { stock: index },
            actor: null,
          },
          await log.takeSequence(),
          at,
        );
      }
      const behind = await slow.app.inject({ url: '/api/health/ready' });
      expect(behind.statusCode).toBe(503);
      expect(json(behind)).toMatchObject({
        status: 'not-ready',
        eventLag: 3,
        reasons: ['3 logged events are not delivered yet (at most 2)'],
      });
      await slow.frames();
      const caughtUp = await slow.app.inject({ url: '/api/health/ready' });
      expect(caughtUp.statusCode).toBe(200);
      expect(json(caughtUp).eventLag).toBe(0);
    } finally {
      await slow.close();
    }
  });
});
