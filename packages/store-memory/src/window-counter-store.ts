import type { WindowCount, WindowCounterStore } from '@trx-shop/domain';

export const createMemoryWindowCounterStore = (): WindowCounterStore => {
  const windows = new Map<string, WindowCount>();
  const live = (key: string, now: Date): WindowCount | null => {
    const window = windows.get(key);
    return window && window.resetAt.getTime() > now.getTime() ? window : null;
  };
  return {
    async hit(key, windowMs, now) {
      const current = live(key, now);
      const next = current
        ? { count: current.count + 1, resetAt: current.resetAt }
        : { count: 1, resetAt: new Date(now.getTime() + windowMs) };
      windows.set(key, next);
      return next;
    },
    async peek(key, now) {
      return live(key, now);
    },
    async reset(key) {
      windows.delete(key);
    },
    async sweep(before, limit) {
      const ended = [...windows.entries()]
        .filter(([, window]) => window.resetAt.getTime() < before.getTime())
        .slice(0, limit);
      for (const [key] of ended) windows.delete(key);
      return ended.length;
    },
  };
};
