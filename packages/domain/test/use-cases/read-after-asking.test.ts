import { readAfterAsking, readAfterAskingFor } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';

/*
 * The shared version read behind memoized answers: callers who asked before a read started share
 * it; a caller who asked after it started gets a read of its own, so no caller is ever answered
 * with a value read before it asked (a write committed before the ask is always seen).
 */

/** A stored value, a read whose answer the test releases, and turns the test runs by hand. */
const setUp = () => {
  let stored = 1;
  const reads: { seen: number; release: () => void }[] = [];
  const read = () =>
    new Promise<number>((resolve) => {
      const seen = stored;
      reads.push({ seen, release: () => resolve(seen) });
    });
  const turns: (() => void)[] = [];
  const shared = readAfterAsking(read, (start) => turns.push(start));
  const runTurn = () => {
    const due = turns.splice(0);
    for (const start of due) start();
  };
  return {
    shared,
    runTurn,
    reads,
    write: () => {
      stored += 1;
    },
  };
};

describe('a read shared by the callers who asked before it started', () => {
  it('makes one read for every caller of a turn, started only on the next turn', async () => {
    const { shared, runTurn, reads } = setUp();
    const asked = [shared(), shared(), shared()];
    expect(reads).toHaveLength(0);
    runTurn();
    expect(reads).toHaveLength(1);
    reads[0]?.release();
    expect(await Promise.all(asked)).toEqual([1, 1, 1]);
  });

  it('sees a write committed after the first caller asked but before the read started', async () => {
    const { shared, runTurn, reads, write } = setUp();
    const first = shared();
    write();
    const second = shared();
    runTurn();
    reads[0]?.release();
    expect(await Promise.all([first, second])).toEqual([2, 2]);
  });

  it('never hands a caller a read that started before it asked', async () => {
    const { shared, runTurn, reads, write } = setUp();
    const early = shared();
    runTurn();
    // The first read has started (it saw 1) and is still in flight; then a write commits.
    expect(reads.map((r) => r.seen)).toEqual([1]);
    write();
    const late = shared();
    reads[0]?.release();
    expect(await early).toBe(1);
    // The late caller waits for a read of its own, which starts on the next turn and sees the write.
    expect(reads).toHaveLength(1);
    runTurn();
    expect(reads.map((r) => r.seen)).toEqual([1, 2]);
    reads[1]?.release();
    expect(await late).toBe(2);
  });

  it('hands a failed read to its callers and reads again for the next ones', async () => {
    let attempt = 0;
    const turns: (() => void)[] = [];
    const shared = readAfterAsking(
      async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('store unavailable');
        return attempt;
      },
      (start) => turns.push(start),
    );
    const failing = [shared(), shared()];
    for (const start of turns.splice(0)) start();
    for (const call of failing) await expect(call).rejects.toThrow('store unavailable');
    const retried = shared();
    for (const start of turns.splice(0)) start();
    expect(await retried).toBe(2);
  });

  it('hands a read that throws before it returns a promise to its callers', async () => {
    const turns: (() => void)[] = [];
    const shared = readAfterAsking<number>(
      () => {
        throw new Error('no statement');
      },
      (start) => turns.push(start),
    );
    const call = shared();
    for (const start of turns.splice(0)) start();
    await expect(call).rejects.toThrow('no statement');
  });

  it('keeps one shared read per key: two users asking in one turn get a read each, of their own key', async () => {
    const versions = new Map([
      ['alice', 3],
      ['bob', 7],
    ]);
    const readKeys: string[] = [];
    const turns: (() => void)[] = [];
    const shared = readAfterAskingFor(
      async (key) => {
        readKeys.push(key);
        return versions.get(key) ?? 0;
      },
      (start) => turns.push(start),
    );
    const asked = [shared('alice'), shared('bob'), shared('alice')];
    for (const start of turns.splice(0)) start();
    expect(await Promise.all(asked)).toEqual([3, 7, 3]);
    expect(readKeys.sort()).toEqual(['alice', 'bob']);
  });
});
