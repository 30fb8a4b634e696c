import { describe, expect, it } from 'vitest';
import { applyHeapGrowth } from '../../src/composition/heap-growth.js';
import { spawnScript } from '../support/cli-process.js';

describe('the service heap growth', () => {
  it('sets V8 to grow the old generation by 50% of what a full collection kept', () => {
    const set: string[] = [];
    expect(applyHeapGrowth(['--enable-source-maps'], (flags) => set.push(flags))).toBe(
      '--heap-growing-percent=50',
    );
    expect(set).toEqual(['--heap-growing-percent=50']);
  });

  it.each(['--heap-growing-percent=200', '--heap_growing_percent=200', '--heap-growing-percent'])(
    'leaves an operator-chosen %s in place',
    (flag) => {
      const set: string[] = [];
      expect(applyHeapGrowth(['--enable-source-maps', flag], (flags) => set.push(flags))).toBeNull();
      expect(set).toEqual([]);
    },
  );

  it('takes effect in a running process: promoted garbage no longer piles up to several times the live heap', async () => {
    const peakOf = async (mode: 'applied' | 'default') => {
      const probe = spawnScript('test/fixtures/heap-growth-probe.ts', [mode], {});
      const { code } = await probe.exited;
      expect(code, probe.stderr()).toBe(0);
      const report = JSON.parse(probe.stdout().trim()) as { peakMiB: number; live: number };
      expect(report.live).toBe(300_000);
      return report.peakMiB;
    };
    const withDefault = await peakOf('default');
    const withGrowth = await peakOf('applied');
    // V8's own choice on a machine with GiBs to spare lets the old generation reach 4x its live
    // size; at 1.5x the same allocations peak well under three quarters of that.
    expect(withGrowth).toBeLessThan(withDefault * 0.75);
  }, 60_000);
});
