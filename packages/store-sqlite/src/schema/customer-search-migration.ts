/**
 * A trigram index for the customer search (a literal, case-insensitive substring of
 * username or email). Released like every migration: never edited once shipped.
 *
 * - `users_search`: an FTS5 table with the `trigram` tokenizer over the lowercased keys
 *   `email_key` and `username_key` (lowercased in JS by `caseKey`), `case_sensitive 1`, so SQLite
 *   folds nothing itself: the needle is lowercased by the same `toLowerCase()` and a trigram
 *   matches byte for byte what `instr()` on the keys matches. External content (`content='users'`):
 *   the text is not stored twice; FTS5 keys its rows by the rowid of `users`. That rowid is not
 *   declared (`id` is a TEXT primary key), but `users` has indexes, and VACUUM copies such a
 *   table keeping its rowids; `INSERT INTO users_search (users_search) VALUES ('rebuild')`
 *   re-indexes from `users` whatever happened (and is how this migration fills it).
 * - The triggers keep it in step inside every writing statement: an insert adds the row's keys,
 *   a delete removes them (an external-content table needs the old values given back to its
 *   'delete' command, which the trigger takes from OLD), an update of either key does both. Every
 *   user is indexed, admins too, so a role change needs nothing.
 * - The read model uses it as a candidate filter for needles of at least 3 characters and keeps
 *   the exact `instr()` test; shorter needles, which no trigram can hold, scan as before.
 */
export function customerSearchMigration(): string {
  const keysOf = (row: 'NEW' | 'OLD') => `${row}.rowid, ${row}.email_key, ${row}.username_key`;
  const add = `INSERT INTO users_search (rowid, email_key, username_key) VALUES (${keysOf('NEW')});`;
  const remove =
    "INSERT INTO users_search (users_search, rowid, email_key, username_key) VALUES ('delete', " +
    `${keysOf('OLD')});`;
  return `
  CREATE VIRTUAL TABLE users_search USING fts5(
    email_key, username_key,
    content = 'users', content_rowid = 'rowid',
    tokenize = 'trigram case_sensitive 1'
  );
  INSERT INTO users_search (users_search) VALUES ('rebuild');

  CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
    ${add}
  END;
  CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
    ${remove}
  END;
  CREATE TRIGGER users_search_update AFTER UPDATE OF email_key, username_key ON users
    WHEN OLD.email_key IS NOT NEW.email_key OR OLD.username_key IS NOT NEW.username_key
  BEGIN
    ${remove}
    ${add}
  END;
  `;
}
