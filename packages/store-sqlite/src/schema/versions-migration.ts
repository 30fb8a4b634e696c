import { versionTriggersSql } from './version-triggers.js';

/** The triggers of the four released version migrations, replaced by the generated ones. */
const OLD_TRIGGERS = [
  'products_catalogue_insert',
  'products_catalogue_delete',
  'products_catalogue_update',
  ...['orders', 'order_lines', 'order_refunds'].flatMap((table) =>
    ['insert', 'delete', 'update'].map((event) => `${table}_user_version_${event}`),
  ),
  'users_search_version_insert',
  'users_search_version_delete',
  'users_search_version_update',
  'users_wallet_holders_insert',
  'users_wallet_holders_update',
];

/**
 * One `versions` table keyed by topic (VersionStore; docs/decisions.md, "Memoized answers")
 * replaces the catalogue's, the customer search's, the wallet holders' and the users' order
 * version tables. Released like every migration: never edited once shipped.
 *
 * A version reads as `epoch || version`. Each moved row keeps the text it read as before, so a
 * version (an ETag a client holds) read before the migration is the same after: `epoch` holds
 * everything before the counter (`<epoch>.` for the catalogue, `<epoch>:` for the customer search
 * and the wallet holders, nothing for a user's orders). A topic this table starts gets a random
 * `<epoch>.`, and a topic without a row reads as `0`.
 */
export function versionsMigration(): string {
  return `
  CREATE TABLE versions (
    topic TEXT PRIMARY KEY,
    epoch TEXT NOT NULL,
    version INTEGER NOT NULL
  ) WITHOUT ROWID;
  INSERT INTO versions (topic, epoch, version)
    SELECT 'catalogue', epoch || '.', version FROM catalogue_version
    UNION ALL SELECT 'customer-search', epoch || ':', version FROM customer_search_version
    UNION ALL SELECT 'wallet-holders', epoch || ':', version FROM wallet_holders_version
    UNION ALL SELECT 'user-orders:' || user_id, '', version FROM user_order_versions;
  ${OLD_TRIGGERS.map((name) => `DROP TRIGGER ${name};`).join('\n  ')}
  DROP TABLE catalogue_version;
  DROP TABLE customer_search_version;
  DROP TABLE wallet_holders_version;
  DROP TABLE user_order_versions;
  ${versionTriggersSql()}
  `;
}
