import { type ChainPort, scanDeposits, serviceHealth } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { createDomainWorld, type DomainWorld } from '../support/domain-world.js';

/*
 * What /api/health answers (docs/api.md, "Health"): the store and the node answer, and how far
 * the deposit scanner is behind the solidified head, from one question to the node.
 */

/** The world's chain, counting every call the health check makes of it. */
const countingChain = (world: DomainWorld) => {
  const calls: string[] = [];
  const counted = new Proxy(world.chain, {
    get(target, name: keyof ChainPort) {
      const member = target[name];
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        calls.push(String(name));
        return (member as (...params: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { chain: counted, calls };
};

describe('serviceHealth', () => {
  it('asks the node once, and counts the blocks the scanner has yet to read from that answer', async () => {
    const world = createDomainWorld();
    await scanDeposits(world.deps, { maxBlocks: 100, startBlock: null });
    const scannedTo = await world.chain.solidBlockNumber();
    for (const trx of [1, 2, 3]) await world.walletUser(trx);
    const { chain, calls } = countingChain(world);

    const health = await serviceHealth({ store: world.store, chain });

    const lag = (await world.chain.solidBlockNumber()) - scannedTo;
    expect(lag).toBe(3);
    expect(health).toEqual({ store: true, chain: true, scannerLagBlocks: lag });
    expect(calls).toEqual(['reachableSolidHead']);
  });

  it('answers no lag before the scanner first ran, and none while the node is down', async () => {
    const world = createDomainWorld();
    expect(await serviceHealth({ store: world.store, chain: world.chain })).toEqual({
      store: true,
      chain: true,
      scannerLagBlocks: null,
    });
    await scanDeposits(world.deps, { maxBlocks: 100, startBlock: null });
    world.controls.setReachable(false);
    expect(await serviceHealth({ store: world.store, chain: world.chain })).toEqual({
      store: true,
      chain: false,
      scannerLagBlocks: null,
    });
  });

  it('answers the store down without reading the cursor', async () => {
    const world = createDomainWorld();
    let cursorReads = 0;
    const store = {
      ...world.store,
      ping: async () => false,
      chainCursors: {
        ...world.store.chainCursors,
        // A cursor that would give a lag, were it read.
        read: async () => {
          cursorReads += 1;
          return 0;
        },
      },
    };
    expect(await serviceHealth({ store, chain: world.chain })).toEqual({
      store: false,
      chain: true,
      scannerLagBlocks: null,
    });
    expect(cursorReads).toBe(0);
  });
});
