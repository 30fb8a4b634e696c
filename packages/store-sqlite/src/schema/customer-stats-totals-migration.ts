import { utcHourOf } from './utc-day-sql.js';

/**
 * Customers created per UTC hour, and the customers' all-time order volume in one
 * row (UserStore.customerStats; docs/performance.md, "Hot paths"). Released like every migration:
 * never edited once shipped.
 *
 * The customer list answers its stats with every page, so each of their reads is paid per
 * request: a window's partial days counted every customer created in them from the users index
 * (about two days of sign-ups a request), and the all-time volume summed every day of
 * `order_day_totals` (a row per status and day since the shop opened). Now a window's partial days
 * are whole hours from `customer_hour_counts` and the users of at most two partial hours, and the
 * all-time volume is one row.
 * - `customer_hour_counts`: kept by triggers on `users` as `customer_day_counts` keeps the days.
 * - `customer_volume_total`: kept by triggers on `customer_volume_hours`, whose
 *   rows sum to the same figure (completed minus refunded totals of customers' orders) and which
 *   its own triggers keep in every writing statement on orders and users; an upsert fires the
 *   insert or the update trigger, whichever it did.
 */
const addCustomer = (row: 'NEW' | 'OLD', change: 1 | -1) => `
    INSERT INTO customer_hour_counts (utc_hour, customers)
      SELECT ${utcHourOf(`${row}.created_at`)}, ${change} WHERE ${row}.role = 'user'
      ON CONFLICT (utc_hour) DO UPDATE SET customers = customers + excluded.customers;`;

const addVolume = (amount: string) => `
    UPDATE customer_volume_total SET volume_sun = volume_sun + (${amount}) WHERE id = 1;`;

export function customerStatsTotalsMigration(): string {
  return `
  CREATE TABLE customer_hour_counts (
    utc_hour INTEGER PRIMARY KEY,
    customers INTEGER NOT NULL
  );
  INSERT INTO customer_hour_counts (utc_hour, customers)
    SELECT ${utcHourOf('created_at')}, COUNT(*) FROM users WHERE role = 'user' GROUP BY 1;

  CREATE TRIGGER users_customer_hours_count_insert AFTER INSERT ON users BEGIN${addCustomer('NEW', 1)}
  END;
  CREATE TRIGGER users_customer_hours_count_delete AFTER DELETE ON users BEGIN${addCustomer('OLD', -1)}
  END;
  CREATE TRIGGER users_customer_hours_count_update AFTER UPDATE OF role, created_at ON users
    WHEN OLD.role IS NOT NEW.role OR OLD.created_at IS NOT NEW.created_at
  BEGIN${addCustomer('OLD', -1)}${addCustomer('NEW', 1)}
  END;

  CREATE TABLE customer_volume_total (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    volume_sun INTEGER NOT NULL
  );
  INSERT INTO customer_volume_total (id, volume_sun)
    SELECT 1, COALESCE(SUM(volume_sun), 0) FROM customer_volume_hours;

  CREATE TRIGGER customer_volume_total_insert AFTER INSERT ON customer_volume_hours
  BEGIN${addVolume('NEW.volume_sun')}
  END;
  CREATE TRIGGER customer_volume_total_update AFTER UPDATE OF volume_sun ON customer_volume_hours
  BEGIN${addVolume('NEW.volume_sun - OLD.volume_sun')}
  END;
  CREATE TRIGGER customer_volume_total_delete AFTER DELETE ON customer_volume_hours
  BEGIN${addVolume('-OLD.volume_sun')}
  END;
  `;
}
