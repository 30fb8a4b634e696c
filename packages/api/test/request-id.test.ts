import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

/*
 * Request ids (docs/api.md, "Conventions"): a plausible incoming `x-request-id` is the request's
 * id, echoed in the answer; anything else is replaced by a fresh UUID.
 */

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(async () => {
  await h.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('x-request-id', () => {
  it('echoes a plausible incoming id, on success and on error answers', async () => {
    for (const url of ['/api/health', '/api/orders', '/api/nowhere']) {
      const answer = await h.app.inject({ url, headers: { 'x-request-id': 'lb-7f3a:42.1' } });
      expect(answer.headers['x-request-id'], url).toBe('lb-7f3a:42.1');
    }
  });

  it('replaces a missing, too long or odd id by a fresh UUID, a new one per request', async () => {
    const ids: unknown[] = [];
    for (const given of [undefined, 'x'.repeat(129), 'two words', 'line\\nbreak', '']) {
      const answer = await h.app.inject({
        url: '/api/health',
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      expect(answer.headers['x-request-id']).toMatch(UUID);
      ids.push(answer.headers['x-request-id']);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is the reqId of the request’s log lines', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const own = await createTestApp({ devnet: h.devnet, logStream: sink });
    try {
      await own.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
      const completed = lines.filter((line) => line.msg === 'request completed');
      expect(completed.map((line) => line.reqId)).toEqual(['trace-123']);
    } finally {
      await own.close();
    }
  });
});
