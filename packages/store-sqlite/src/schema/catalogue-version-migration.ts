/**
 * The catalogue version (ProductStore.catalogueVersion; docs/decisions.md,
 * "Memoized answers"). Released like every migration: never edited once shipped.
 *
 * One row, moved by triggers in the same transaction as the product write that makes it move, so
 * no crash, no second instance and no code path that forgets can leave a memoized answer stale:
 * every INSERT and DELETE of a product, and every UPDATE that sets a column a public answer shows
 * (all but `reserved_stock`, which only reservations set and no answer shows). `epoch` is random
 * per database, so a recreated database never repeats an old token (and an old ETag).
 */
export function catalogueVersionMigration(): string {
  return `
  CREATE TABLE catalogue_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    epoch TEXT NOT NULL,
    version INTEGER NOT NULL
  );
  INSERT INTO catalogue_version (id, epoch, version) VALUES (1, lower(hex(randomblob(6))), 0);

  CREATE TRIGGER products_catalogue_insert AFTER INSERT ON products BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
  END;
  CREATE TRIGGER products_catalogue_delete AFTER DELETE ON products BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
  END;
  CREATE TRIGGER products_catalogue_update AFTER UPDATE OF
    id, name, description, search_text, price_sun, category, stock, image, is_active, created_by,
    created_at, updated_at
  ON products BEGIN
    UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
  END;
  `;
}
