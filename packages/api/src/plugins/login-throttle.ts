/*
 * The login policy (docs/operations.md, "Login throttling"): failures are counted per (account,
 * client address), so a stranger failing from elsewhere never locks the owner out; an account
 * failing from many addresses is slowed down with growing delays instead of being locked.
 */

export interface LoginThrottleOptions {
  /** Failures per (account, address) within `pairWindowMs` before that pair answers 429. */
  readonly pairMax: number;
  readonly pairWindowMs: number;
  /** Failures of one account (any address) within `accountWindowMs` before answers slow down. */
  readonly accountCeiling: number;
  readonly accountWindowMs: number;
  /** First delay past the ceiling; doubles with each further failure, up to `maxDelayMs`. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_THROTTLE_TIMING = {
  pairWindowMs: 60_000,
  accountWindowMs: 15 * 60_000,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
} as const;

interface Window {
  count: number;
  resetAt: number;
}

/** Buckets are dropped wholesale past this many, so a flood of fake accounts cannot grow memory. */
const MAX_BUCKETS = 100_000;

export type ThrottleVerdict =
  | { readonly kind: 'allow'; readonly delayMs: number }
  | { readonly kind: 'refuse'; readonly retryAfterS: number };

export const createLoginThrottle = (options: LoginThrottleOptions) => {
  const pairs = new Map<string, Window>();
  const accounts = new Map<string, Window>();
  const pairKey = (account: string, address: string) => `${account}\u0000${address}`;

  const current = (buckets: Map<string, Window>, key: string, now: number): Window | null => {
    const window = buckets.get(key);
    if (!window) return null;
    if (window.resetAt > now) return window;
    buckets.delete(key);
    return null;
  };
  const bump = (buckets: Map<string, Window>, key: string, now: number, windowMs: number) => {
    const window = current(buckets, key, now);
    if (window) {
      window.count += 1;
      return;
    }
    if (buckets.size >= MAX_BUCKETS) buckets.clear();
    buckets.set(key, { count: 1, resetAt: now + windowMs });
  };

  return {
    /** What to do with an attempt for `account` from `address`, before it is handled. */
    verdict(account: string, address: string, now: number): ThrottleVerdict {
      const pair = current(pairs, pairKey(account, address), now);
      if (pair && pair.count >= options.pairMax) {
        return { kind: 'refuse', retryAfterS: Math.max(1, Math.ceil((pair.resetAt - now) / 1000)) };
      }
      const failures = current(accounts, account, now)?.count ?? 0;
      const excess = failures - options.accountCeiling;
      if (excess < 0) return { kind: 'allow', delayMs: 0 };
      return { kind: 'allow', delayMs: Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** excess) };
    },

    recordFailure(account: string, address: string, now: number): void {
      bump(pairs, pairKey(account, address), now, options.pairWindowMs);
      bump(accounts, account, now, options.accountWindowMs);
    },

    /** A success from this address clears that pair; the account's count only decays. */
    recordSuccess(account: string, address: string): void {
      pairs.delete(pairKey(account, address));
    },
  };
};

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
