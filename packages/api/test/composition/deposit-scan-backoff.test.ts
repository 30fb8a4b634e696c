import { DEPOSIT_CURSOR, domainError, type PaymentDeps } from '@trx-shop/domain';
import { devnetControl } from '@trx-shop/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositScanWithBackoff, MAX_SCAN_BACKOFF_MS } from '../../src/composition/deposit-scan-backoff.js';
import { paymentDepsOf, registerShopper } from '../shop/shop-fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const INTERVAL_MS = 1_000;

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

describe('the listener scan step against a node that cannot serve a block', () => {
  it('keeps the cursor before that block, backs off 1, 2, 4 ... intervals up to 5 minutes, and records the deposit once the node serves it', async () => {
    const shopper = await registerShopper(h);
    const devnet = devnetControl(h.devnet.url);
    const real = paymentDepsOf(h);
    await depositScanWithBackoff(real, { startBlock: null, maxBlocks: 100 }, INTERVAL_MS)();
    const cursorBefore = await h.store.chainCursors.read(DEPOSIT_CURSOR);
    await devnet.fundSolid(shopper.address, 3_000_000);

    let broken = true;
    const reads: number[] = [];
    const deps: PaymentDeps = {
      ...real,
      chain: {
        ...real.chain,
        solidBlock: async (number) => {
          reads.push(number);
          if (broken) throw domainError('CHAIN_UNAVAILABLE', 'TRON node could not read a solidified block');
          return real.chain.solidBlock(number);
        },
      },
    };
    const run = depositScanWithBackoff(deps, { startBlock: null, maxBlocks: 100 }, INTERVAL_MS);

    // Attempts happen only when each wait is over: 1 s, then 2 s, then 4 s after the last failure.
    const outcomes: string[] = [];
    for (let second = 0; second < 8; second += 1) {
      const outcome = await run();
      outcomes.push(typeof outcome === 'string' ? outcome : 'scanned');
      h.clock.advance(INTERVAL_MS);
    }
    expect(outcomes).toEqual([
      'failed',
      'failed',
      'backing-off',
      'failed',
      'backing-off',
      'backing-off',
      'backing-off',
      'failed',
    ]);
    // Every attempt asked for the block right after the cursor, which never moved.
    expect(new Set(reads)).toEqual(new Set([(cursorBefore ?? 0) + 1]));
    expect(await h.store.chainCursors.read(DEPOSIT_CURSOR)).toBe(cursorBefore);

    // The wait never exceeds five minutes, however long the node fails.
    for (let failure = 0; failure < 12; failure += 1) {
      h.clock.advance(MAX_SCAN_BACKOFF_MS);
      expect(await run()).toBe('failed');
    }
    h.clock.advance(MAX_SCAN_BACKOFF_MS);
    broken = false;
    const recovered = await run();
    expect(recovered).toMatchObject({ depositsRecorded: 1, lagBlocks: 0 });
    const lines = await h.store.transactions.listByUser(
      shopper.userId,
      { type: 'deposit' },
      { limit: 10, page: 1 },
    );
    expect(lines.items.map((line) => line.amountSun)).toEqual([3_000_000]);
  });
});
