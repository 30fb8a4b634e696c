/**
 * A least-recently-used memo bounded by entry count and by total weight (bytes of text, say), so
 * a flood of distinct keys cannot grow the process. It holds values only: whether one may still be
 * used is the caller's rule (a key that carries the version it was made at).
 */
export interface BoundedMemo<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  readonly size: number;
}

export const createBoundedMemo = <V>(options: {
  readonly maxEntries: number;
  readonly maxWeight: number;
  readonly weightOf: (value: V) => number;
}): BoundedMemo<V> => {
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  const entries = new Map<string, { value: V; weight: number }>();
  let weight = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    weight -= entry.weight;
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      const entryWeight = options.weightOf(value);
      drop(key);
      if (entryWeight > options.maxWeight) return;
      entries.set(key, { value, weight: entryWeight });
      weight += entryWeight;
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries && weight <= options.maxWeight) break;
        drop(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
};
