import { utcDayOf } from './utc-day-sql.js';

/**
 * Customers (role `user`) created per UTC day (UserStore.customerStats; docs/
 * performance.md, "Hot paths"). Released like every migration: never edited once shipped.
 *
 * The customer list's stats count the customers created in two 30-day windows on every request;
 * counted from the users index that is every customer of 60 days, read twice a request. With
 * this summary a window is its whole days' rows plus the users index for the partial days at
 * either end, as `order_day_totals` answers the volumes. Kept by triggers inside every writing
 * statement on users, so no write path can miss it and it commits or rolls back with the write.
 */
const addCustomer = (row: 'NEW' | 'OLD', change: 1 | -1) => `
    INSERT INTO customer_day_counts (utc_day, customers)
      SELECT ${utcDayOf(`${row}.created_at`)}, ${change} WHERE ${row}.role = 'user'
      ON CONFLICT (utc_day) DO UPDATE SET customers = customers + excluded.customers;`;

export function customerDayCountsMigration(): string {
  return `
  CREATE TABLE customer_day_counts (
    utc_day INTEGER PRIMARY KEY,
    customers INTEGER NOT NULL
  );
  INSERT INTO customer_day_counts (utc_day, customers)
    SELECT ${utcDayOf('created_at')}, COUNT(*) FROM users WHERE role = 'user' GROUP BY 1;

  CREATE TRIGGER users_customer_days_insert AFTER INSERT ON users BEGIN${addCustomer('NEW', 1)}
  END;
  CREATE TRIGGER users_customer_days_delete AFTER DELETE ON users BEGIN${addCustomer('OLD', -1)}
  END;
  CREATE TRIGGER users_customer_days_update AFTER UPDATE OF role, created_at ON users
    WHEN OLD.role IS NOT NEW.role OR OLD.created_at IS NOT NEW.created_at
  BEGIN${addCustomer('OLD', -1)}${addCustomer('NEW', 1)}
  END;
  `;
}
