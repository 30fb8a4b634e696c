import { isWithin, TREND_WINDOW_DAYS, trendString, trendWindows } from '@trx-shop/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('trendString', () => {
  it('gives 0.0% when both periods are 0', () => {
    expect(trendString(0, 0)).toBe('0.0%');
  });

  it('gives +100.0% when the previous period is 0 and the current one is not', () => {
    expect(trendString(5, 0)).toBe('+100.0%');
    expect(trendString(0.000001, 0)).toBe('+100.0%');
    // Literal rule of the specification: any non-zero current value against 0, even a negative one.
    expect(trendString(-0.01, 0)).toBe('+100.0%');
  });

  it('shows growth with a + sign and one decimal', () => {
    expect(trendString(150, 100)).toBe('+50.0%');
    expect(trendString(200, 100)).toBe('+100.0%');
    expect(trendString(4, 3)).toBe('+33.3%');
    expect(trendString(5, 3)).toBe('+66.7%');
    expect(trendString(1000, 1)).toBe('+99900.0%');
  });

  it('shows no change as +0.0%', () => {
    expect(trendString(100, 100)).toBe('+0.0%');
    expect(trendString(-0.05, -0.05)).toBe('+0.0%');
  });

  it('shows a decline with a - sign', () => {
    expect(trendString(50, 100)).toBe('-50.0%');
    expect(trendString(0, 100)).toBe('-100.0%');
    expect(trendString(2, 3)).toBe('-33.3%');
  });

  it('shows a tiny decline as -0.0%', () => {
    expect(trendString(99_999, 100_000)).toBe('-0.0%');
    expect(trendString(0.299999, 0.3)).toBe('-0.0%');
  });

  it('divides by a negative previous value as the formula says (network fees)', () => {
    // Fees -0.05 TRX then -0.10 TRX: (-0.10 - -0.05) / -0.05 * 100 = +100.
    expect(trendString(-0.1, -0.05)).toBe('+100.0%');
    expect(trendString(-100_000, -50_000)).toBe('+100.0%');
    expect(trendString(-0.02, -0.04)).toBe('-50.0%');
    expect(trendString(0, -0.05)).toBe('-100.0%');
  });

  it('signs every change by whether (current - previous) / previous is at least 0', () => {
    const nonZero = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).filter((value) => value !== 0);
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), nonZero, (current, previous) => {
        const text = trendString(current, previous);
        expect(text).toMatch(/^[+-]\d+\.\d%$/);
        // Exact sign of the ratio in integers: both factors of the same sign, or no change.
        const delta = BigInt(current) - BigInt(previous);
        const growing = delta === 0n || delta > 0n === BigInt(previous) > 0n;
        expect(text.startsWith('+')).toBe(growing);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('trendWindows', () => {
  it('uses [now-30d, now) as the current and [now-60d, now-30d) as the previous window', () => {
    const now = new Date('2026-03-15T10:20:30.400Z');
    const windows = trendWindows(now);
    expect(TREND_WINDOW_DAYS).toBe(30);
    expect(windows.current.from.toISOString()).toBe('2026-02-13T10:20:30.400Z');
    expect(windows.current.to.toISOString()).toBe('2026-03-15T10:20:30.400Z');
    expect(windows.previous.from.toISOString()).toBe('2026-01-14T10:20:30.400Z');
    expect(windows.previous.to.toISOString()).toBe('2026-02-13T10:20:30.400Z');
  });

  it('counts exact 30-day spans across a year boundary and a leap day', () => {
    const windows = trendWindows(new Date('2024-03-10T00:00:00.000Z'));
    expect(windows.current.from.toISOString()).toBe('2024-02-09T00:00:00.000Z');
    expect(windows.previous.from.toISOString()).toBe('2024-01-10T00:00:00.000Z');
    const newYear = trendWindows(new Date('2026-01-20T06:00:00.000Z'));
    expect(newYear.current.from.toISOString()).toBe('2025-12-21T06:00:00.000Z');
    expect(newYear.previous.from.toISOString()).toBe('2025-11-21T06:00:00.000Z');
  });

  it('includes the start of a window and excludes its end', () => {
    const now = new Date('2026-03-15T10:20:30.400Z');
    const { current, previous } = trendWindows(now);
    const boundary = new Date('2026-02-13T10:20:30.400Z');
    const justBefore = new Date('2026-02-13T10:20:30.399Z');
    expect(isWithin(boundary, current)).toBe(true);
    expect(isWithin(boundary, previous)).toBe(false);
    expect(isWithin(justBefore, current)).toBe(false);
    expect(isWithin(justBefore, previous)).toBe(true);
    expect(isWithin(now, current)).toBe(false);
    expect(isWithin(new Date('2026-03-15T10:20:30.399Z'), current)).toBe(true);
    expect(isWithin(new Date('2026-01-14T10:20:30.400Z'), previous)).toBe(true);
    expect(isWithin(new Date('2026-01-14T10:20:30.399Z'), previous)).toBe(false);
  });
});
