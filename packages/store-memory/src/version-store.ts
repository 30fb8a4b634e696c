import type { VersionStore, VersionTopic } from '@trx-shop/domain';
import type { Tables } from './tables.js';

const keyOf = (topic: VersionTopic): string =>
  topic.kind === 'user-orders' ? `user-orders:${topic.userId}` : topic.kind;

/** Moves `topic`'s version; called inside the write that changes what the topic covers. */
export const moveVersion = (versions: Tables['versions'], topic: VersionTopic): void => {
  const key = keyOf(topic);
  versions.set(key, (versions.get(key) ?? 0) + 1);
};

export const createMemoryVersionStore = ({ versions }: Pick<Tables, 'versions'>): VersionStore => ({
  async current(topic) {
    return String(versions.get(keyOf(topic)) ?? 0);
  },
});
