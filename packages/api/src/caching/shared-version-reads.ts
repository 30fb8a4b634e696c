// Keys on the version's topic for one turn of the event loop; nothing is kept past the read it shares.
import type { VersionStore, VersionTopic } from '@trx-shop/domain';

/**
 * Version reads shared by every request that asked before the read started, and by no one who
 * asked after: the read starts on the next turn (`setImmediate`), so it sees every write committed
 * before each of its callers arrived (docs/decisions.md, "Memoized answers"). Under load the
 * requests of one turn then make one store read instead of one each.
 */
export const sharedVersionReads = (versions: VersionStore): VersionStore => {
  const waiting = new Map<string, Promise<string>>();
  return {
    current(topic: VersionTopic) {
      const key = topic.kind === 'user-orders' ? `user-orders:${topic.userId}` : topic.kind;
      const shared = waiting.get(key);
      if (shared) return shared;
      const next = new Promise<string>((resolve, reject) => {
        setImmediate(() => {
          // Forgotten before the read starts: whoever asks from now on needs a read of their own.
          waiting.delete(key);
          versions.current(topic).then(resolve, reject);
        });
      });
      waiting.set(key, next);
      return next;
    },
  };
};
