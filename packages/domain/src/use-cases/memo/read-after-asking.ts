/**
 * Reads shared by every caller who asked before they started, and by no one who asked after.
 *
 * A memoized answer is exact because its version is read after the request arrived
 * (docs/decisions.md, "Memoized answers"): any read that starts after a caller asked sees every
 * write committed before that. So the callers of one turn of the event loop can share one read
 * per key, started on the next turn (`nextTurn`), instead of each making its own. A caller who
 * asks once that read has started waits for the next one; it never gets an answer read before
 * it asked.
 */
export const readAfterAskingFor = <T>(
  read: (key: string) => Promise<T>,
  nextTurn: (start: () => void) => void,
): ((key: string) => Promise<T>) => {
  const waiting = new Map<string, Promise<T>>();
  return (key) => {
    const shared = waiting.get(key);
    if (shared) return shared;
    const next = new Promise<T>((resolve, reject) => {
      nextTurn(() => {
        // Forgotten before the read starts: whoever asks from now on needs a read of their own.
        waiting.delete(key);
        try {
          read(key).then(resolve, reject);
        } catch (error) {
          reject(error);
        }
      });
    });
    waiting.set(key, next);
    return next;
  };
};

/** The same for a single value (the catalogue's version). */
export const readAfterAsking = <T>(
  read: () => Promise<T>,
  nextTurn: (start: () => void) => void,
): (() => Promise<T>) => {
  const shared = readAfterAskingFor(read, nextTurn);
  return () => shared('');
};
