/** mulberry32: a tiny deterministic PRNG, so a failing data set can be regenerated from its seed. */
export interface SeededRandom {
  /** [0, 1) */
  next(): number;
  /** An integer in [min, max]. */
  integer(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export const seededRandom = (seed: number): SeededRandom => {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const integer = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    integer,
    pick: <T>(items: readonly T[]): T => {
      const item = items[integer(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability: number): boolean => next() < probability,
  };
};
