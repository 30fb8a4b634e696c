import { versionTriggersSql } from './version-triggers.js';

/**
 * A product's price in USDT (base units, 10^-6 USDT), NULL when it is not sold in USDT: the
 * products stored before read as not sold in USDT, so nothing needs a backfill. The price is shown
 * by the public catalogue, so the catalogue version's update trigger is made again with the column
 * among those that move it. Released like every migration: never edited once shipped.
 */
export function productUsdtPriceMigration(): string {
  return `
  ALTER TABLE products ADD COLUMN price_usdt INTEGER;
  DROP TRIGGER products_versions_update;
  ${versionTriggersSql([
    {
      table: 'products',
      events: ['UPDATE'],
      columns: [
        'id',
        'name',
        'description',
        'search_text',
        'price_sun',
        'price_usdt',
        'category',
        'stock',
        'image',
        'is_active',
        'created_by',
        'created_at',
        'updated_at',
      ],
      topic: () => "'catalogue'",
    },
  ])}
  `;
}
