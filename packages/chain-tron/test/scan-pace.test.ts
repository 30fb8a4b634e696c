import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTronChain } from '../src/index.js';
import { startScriptedNode } from './scripted-node.js';

/*
 * The scanner's request rate against a rate-limited node: the node records when each
 * walletsolidity/getblockbynum arrives; the reads are spread at the configured rate. Time is a
 * fake clock (Date and timers) that moves only when the pace's wait is let pass, so the arrival
 * times the node records are the spacing the pace chose, whatever the machine's load.
 */
const REQUESTS_PER_SECOND = 10;

afterEach(() => {
  vi.useRealTimers();
});

describe('scanRequestsPerSecond', () => {
  it('spaces solid-block reads so the node never sees more than the configured rate', async () => {
    const node = await startScriptedNode({});
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const chain = createTronChain({
      fullHost: node.url,
      timeoutMs: 5_000,
      scanRequestsPerSecond: REQUESTS_PER_SECOND,
    });
    try {
      for (let number = 1; number <= 6; number += 1) {
        const read = chain.solidBlock(number);
        // The pace's wait, if it set one, passes on the fake clock; the request itself is real.
        await vi.runOnlyPendingTimersAsync();
        expect(await read).toBeNull();
      }
      const reads = node.requests.filter((request) => request.path === '/walletsolidity/getblockbynum');
      expect(reads).toHaveLength(6);
      const arrivals = reads.map((read) => read.at);
      // Each read leaves at least 1000 / rate ms of clock time after the one before; unpaced, the
      // clock never moves and every gap is 0.
      const gaps = arrivals.slice(1).map((at, index) => at - (arrivals[index] ?? at));
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000 / REQUESTS_PER_SECOND);
      // And no second holds more than the rate.
      for (const start of arrivals) {
        expect(arrivals.filter((at) => at >= start && at < start + 1_000).length).toBeLessThanOrEqual(
          REQUESTS_PER_SECOND,
        );
      }
    } finally {
      vi.useRealTimers();
      await node.close();
    }
  });
});
