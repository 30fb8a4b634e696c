import type { KeyHolder } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { BUILDER_NOW } from '../builders/fixed-time.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const secondsAfter = (seconds: number): Date => new Date(BUILDER_NOW.getTime() + seconds * 1000);

const holder = (id: string, overrides: Partial<KeyHolder> = {}): KeyHolder => ({
  id,
  kind: 'service',
  sealsWith: 'k000000000001',
  opens: ['k000000000001'],
  expiresAt: secondsAfter(30),
  ...overrides,
});

export const describeKeyHolderContract = (harness: ContractHarness): void => {
  describe('key holders', () => {
    const store = useFreshStore(harness);

    it('lists the announced holders by id, with what each holds, until they expire', async () => {
      const holders = store().keyHolders;
      const rotation = holder('b-rotation', {
        kind: 'key-rotation',
        sealsWith: 'k000000000002',
        opens: ['k000000000001', 'k000000000002'],
        expiresAt: secondsAfter(20),
      });
      await holders.announce(holder('c-service'), secondsAfter(0));
      await holders.announce(rotation, secondsAfter(0));
      await holders.announce(holder('a-service', { expiresAt: secondsAfter(10) }), secondsAfter(0));

      expect(await holders.listLive(secondsAfter(5))).toEqual([
        holder('a-service', { expiresAt: secondsAfter(10) }),
        rotation,
        holder('c-service'),
      ]);
      expect((await holders.listLive(secondsAfter(10))).map((live) => live.id)).toEqual([
        'b-rotation',
        'c-service',
      ]);
      expect(await holders.listLive(secondsAfter(30))).toEqual([]);
    });

    it('renews a holder with what it holds now, and forgets one at once when it withdraws', async () => {
      const holders = store().keyHolders;
      await holders.announce(holder('a'), secondsAfter(0));
      await holders.announce(holder('b'), secondsAfter(0));
      const renewed = holder('a', {
        sealsWith: 'k000000000002',
        opens: ['k000000000001', 'k000000000002'],
        expiresAt: secondsAfter(60),
      });
      await holders.announce(renewed, secondsAfter(25));
      await holders.withdraw('b');

      expect(await holders.listLive(secondsAfter(40))).toEqual([renewed]);
    });

    it('forgets expired holders when another announces, and takes back one that announces again', async () => {
      const holders = store().keyHolders;
      await holders.announce(holder('gone', { expiresAt: secondsAfter(5) }), secondsAfter(0));
      await holders.announce(holder('other'), secondsAfter(6));
      // Listed as of before its expiry, a forgotten holder is absent: the announcement removed it.
      expect((await holders.listLive(secondsAfter(1))).map((live) => live.id)).toEqual(['other']);

      await holders.announce(holder('gone', { expiresAt: secondsAfter(40) }), secondsAfter(7));
      expect((await holders.listLive(secondsAfter(8))).map((live) => live.id)).toEqual(['gone', 'other']);
    });
  });
};
