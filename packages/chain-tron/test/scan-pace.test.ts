import { describe, expect, it } from 'vitest';
import { createTronChain } from '../src/index.js';
import { startScriptedNode } from './scripted-node.js';

/*
 * The scanner's request rate against a rate-limited node: the node records when each
 * walletsolidity/getblockbynum arrives; the reads are spread at the configured rate.
 */
describe('scanRequestsPerSecond', () => {
  it('spaces solid-block reads so the node never sees more than the configured rate', async () => {
    const node = await startScriptedNode({});
    const chain = createTronChain({ fullHost: node.url, timeoutMs: 5_000, scanRequestsPerSecond: 10 });
    try {
      for (let number = 1; number <= 6; number += 1) {
        expect(await chain.solidBlock(number)).toBeNull();
      }
      const reads = node.requests.filter((request) => request.path === '/walletsolidity/getblockbynum');
      expect(reads).toHaveLength(6);
      const arrivals = reads.map((read) => read.at);
      // 10 per second: reads leave 100 ms apart, so six of them span at least 500 ms at the node,
      // less the jitter of one request's trip (a generous 60 ms); unpaced they take a few ms.
      expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(440);
      // And no second holds more than ten of them.
      for (const start of arrivals) {
        expect(arrivals.filter((at) => at >= start && at < start + 1_000).length).toBeLessThanOrEqual(10);
      }
    } finally {
      await node.close();
    }
  });
});
