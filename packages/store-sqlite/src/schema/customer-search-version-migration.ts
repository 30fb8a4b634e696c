/**
 * The customer search's version (docs/performance.md, "Hot paths"). Released like
 * every migration: never edited once shipped.
 *
 * Which customers a search matches, and in which order, depends only on the users' keys, roles,
 * ids and creation times. A connection may keep a search's ordered matches while this one row is
 * unchanged: triggers move it in the same transaction as every insert and delete of a user and
 * every update of those columns, so no write path, no crash and no second process can change the
 * matches without moving it. A login, a block or a new password leave it alone; what a page shows
 * of each customer is read afresh on every request. `epoch` is random per database, so a database
 * replaced under a running process never repeats a version it had.
 */
export function customerSearchVersionMigration(): string {
  const bump = 'UPDATE customer_search_version SET version = version + 1 WHERE id = 1;';
  return `
  CREATE TABLE customer_search_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    epoch TEXT NOT NULL,
    version INTEGER NOT NULL
  );
  INSERT INTO customer_search_version (id, epoch, version) VALUES (1, lower(hex(randomblob(6))), 0);

  CREATE TRIGGER users_search_version_insert AFTER INSERT ON users BEGIN
    ${bump}
  END;
  CREATE TRIGGER users_search_version_delete AFTER DELETE ON users BEGIN
    ${bump}
  END;
  CREATE TRIGGER users_search_version_update AFTER UPDATE OF id, email_key, username_key, role, created_at
    ON users
    WHEN OLD.id IS NOT NEW.id OR OLD.email_key IS NOT NEW.email_key
      OR OLD.username_key IS NOT NEW.username_key OR OLD.role IS NOT NEW.role
      OR OLD.created_at IS NOT NEW.created_at
  BEGIN
    ${bump}
  END;
  `;
}
