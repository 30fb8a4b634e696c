import type { WindowCounterStore } from '@trx-shop/domain';

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

export type ThrottleVerdict =
  /** `pairFailures`: the (account, address) failures counted so far; a success clears only those. */
  | { readonly kind: 'allow'; readonly delayMs: number; readonly pairFailures: number }
  | { readonly kind: 'refuse'; readonly retryAfterS: number };

const pairKey = (account: string, address: string) => `login-pair:${account}\u0000${address}`;
const accountKey = (account: string) => `login-account:${account}`;

/**
 * The policy over counters in the store (`WindowCounterStore`), so it holds across instances: a
 * failure counted by one instance refuses the next attempt on any other.
 */
export const createLoginThrottle = (counters: WindowCounterStore, options: LoginThrottleOptions) => ({
  /** What to do with an attempt for `account` from `address`, before it is handled. */
  async verdict(account: string, address: string, now: Date): Promise<ThrottleVerdict> {
    const [pair, accountWindow] = await Promise.all([
      counters.peek(pairKey(account, address), now),
      counters.peek(accountKey(account), now),
    ]);
    if (pair && pair.count >= options.pairMax) {
      const retryAfterS = Math.max(1, Math.ceil((pair.resetAt.getTime() - now.getTime()) / 1000));
      return { kind: 'refuse', retryAfterS };
    }
    const pairFailures = pair?.count ?? 0;
    const excess = (accountWindow?.count ?? 0) - options.accountCeiling;
    if (excess < 0) return { kind: 'allow', delayMs: 0, pairFailures };
    const delayMs = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** excess);
    return { kind: 'allow', delayMs, pairFailures };
  },

  async recordFailure(account: string, address: string, now: Date): Promise<void> {
    await Promise.all([
      counters.hit(pairKey(account, address), options.pairWindowMs, now),
      counters.hit(accountKey(account), options.accountWindowMs, now),
    ]);
  },

  /** A success from this address clears that pair; the account's count only decays. */
  async recordSuccess(account: string, address: string): Promise<void> {
    await counters.reset(pairKey(account, address));
  },
});

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
