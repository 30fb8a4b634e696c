import type { Clock } from '@trx-shop/domain';

export interface FakeClock extends Clock {
  advance(ms: number): Date;
  set(at: Date): void;
}

/**
 * The app's clock in tests: tokens are signed and verified, sessions stamped and TOTP codes
 * checked against it, so expiry is reached by advancing it instead of waiting.
 */
export const createFakeClock = (start = new Date('2026-03-02T10:00:05.000Z')): FakeClock => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
      return new Date(current);
    },
    set: (at) => {
      current = at.getTime();
    },
  };
};
