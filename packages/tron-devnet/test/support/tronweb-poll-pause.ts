import { vi } from 'vitest';

/** TronWeb's `send({shouldPollResponse: true})` waits 3 s between two looks at the solidity node. */
const TRONWEB_POLL_PAUSE_MS = 3000;

/**
 * Holds TronWeb's pause between polls until the test releases it, so a test produces the blocks
 * a poll waits for instead of sleeping. Only TronWeb's own 3-second timer is held (its stack says
 * so); every other timer runs as usual.
 */
export const holdTronWebPollPauses = () => {
  const realSetTimeout = globalThis.setTimeout;
  const held: (() => void)[] = [];
  const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    callback: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    if (ms === TRONWEB_POLL_PAUSE_MS && new Error().stack?.includes('/tronweb/')) {
      held.push(() => callback(...args));
      // A real handle, never firing, for whoever keeps or unrefs it.
      return realSetTimeout(() => {}, 2 ** 31 - 1).unref();
    }
    return realSetTimeout(callback, ms, ...args);
  }) as typeof setTimeout);
  return {
    /** Resolves once TronWeb has polled, found nothing, and begun its pause: the marker to act on. */
    paused: async (): Promise<void> => {
      while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
    },
    /** Ends the pause: TronWeb polls again now. */
    release: (): void => held.shift()?.(),
    restore: (): void => spy.mockRestore(),
  };
};
