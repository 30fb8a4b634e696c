import type { VersionStore, VersionTopic } from '@trx-shop/domain';
import type { Database } from '../sqlite-database.js';

/** The `versions` row of a topic, as the generated triggers (schema/version-triggers.ts) name it. */
export const versionTopicKey = (topic: VersionTopic): string =>
  topic.kind === 'user-orders' ? `user-orders:${topic.userId}` : topic.kind;

/** What a topic without a row reads as: nothing it covers was ever written. */
const NEVER_WRITTEN = '0';

export const VERSION_SQL = {
  current: 'SELECT epoch || version AS version FROM versions WHERE topic = ?',
} as const;

/** Versions moved by triggers in each write's own transaction (schema/versions-migration.ts). */
export const createSqliteVersionStore = (db: Database): VersionStore => {
  const current = db.prepare<[string], { version: string }>(VERSION_SQL.current);
  return {
    async current(topic) {
      return current.get(versionTopicKey(topic))?.version ?? NEVER_WRITTEN;
    },
  };
};
