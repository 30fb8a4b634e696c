import { seededRandom } from '@trx-shop/store-contract';
import { describe, expect, it } from 'vitest';
import { splitAtDaysAndHours } from '../src/read-models/utc-days.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The instants [from, to) a unit range covers, in ms. */
const msOf = ([first, end]: readonly [number, number], unitMs: number): [number, number] => [
  first * unitMs,
  end * unitMs,
];

describe('splitAtDaysAndHours', () => {
  it('cuts any range into whole days, whole hours and partial hours that tile it exactly', () => {
    const random = seededRandom(2026_11_27);
    const ranges: [number, number][] = [
      [0, DAY_MS],
      [-1, 1],
      [DAY_MS - 1, 3 * DAY_MS + 1],
      [HOUR_MS / 2, HOUR_MS / 2 + 1],
      [-3 * DAY_MS - 7, -HOUR_MS],
      [5, 5],
    ];
    for (let i = 0; i < 500; i += 1) {
      const from = random.integer(-40 * DAY_MS, 40 * DAY_MS);
      ranges.push([from, from + random.integer(0, 35 * DAY_MS)]);
    }
    for (const [from, to] of ranges) {
      const split = splitAtDaysAndHours(from, to);
      const pieces = [
        msOf(split.days, DAY_MS),
        ...split.hours.map((hours) => msOf(hours, HOUR_MS)),
        ...split.instants,
      ]
        .filter(([start, end]) => start < end)
        .sort((a, b) => a[0] - b[0]);
      // Consecutive, from `from` to `to`, with nothing left over or counted twice.
      let at = from;
      for (const [start, end] of pieces) {
        expect(start, `[${from}, ${to})`).toBe(at);
        at = end;
      }
      expect(at, `[${from}, ${to})`).toBe(to);
      // A partial hour is shorter than two hours (one that holds no hour boundary but crosses
      // one); a run of whole hours never holds a whole UTC day (at most 47 hours, from just after
      // one midnight to just before the second).
      for (const [start, end] of split.instants) expect(end - start).toBeLessThan(2 * HOUR_MS);
      for (const [start, end] of split.hours) expect(end - start).toBeLessThan(48);
    }
  });
});
