import { utcHourOf } from './utc-day-sql.js';

/**
 * The customers' order volume per UTC hour (UserStore.customerStats; docs/
 * performance.md, "Hot paths"). Released like every migration: never edited once shipped.
 *
 * A 30-day window rarely starts at a midnight, so its volume read every order of the partial
 * days at either end, each joined to its user for the role: a day of orders twice a request.
 * Per hour, a window is its whole hours' rows plus the orders of the partial hours. A row holds
 * completed minus refunded totals of the orders of customers (users with role `user`) created in
 * that hour. Kept by triggers inside every writing statement on orders and users, as the admin
 * summaries' triggers keep `order_day_totals`: an order's status, total, time or owner changing, and a user
 * becoming or ceasing to be a customer, move its orders' amounts in the same statement.
 */
const SIGNED = (row: string) =>
  `CASE ${row}status WHEN 'completed' THEN ${row}total_sun WHEN 'refunded' THEN -${row}total_sun ELSE 0 END`;

const UPSERT = 'ON CONFLICT (utc_hour) DO UPDATE SET volume_sun = volume_sun + excluded.volume_sun;';

/** One order row in (`''`) or out (`'-'`) of its hour, when its owner is a customer. */
const orderIntoHours = (row: 'NEW' | 'OLD', sign: '' | '-') => `
    INSERT INTO customer_volume_hours (utc_hour, volume_sun)
      SELECT ${utcHourOf(`${row}.created_at`)}, ${sign}(${SIGNED(`${row}.`)})
      WHERE ${row}.status IN ('completed', 'refunded')
        AND EXISTS (SELECT 1 FROM users WHERE id = ${row}.user_id AND role = 'user')
      ${UPSERT}`;

/** Every order of user `userId` in or out, when `when` holds (the user is, or was, a customer). */
const userOrdersIntoHours = (userId: string, when: string, sign: '' | '-') => `
    INSERT INTO customer_volume_hours (utc_hour, volume_sun)
      SELECT ${utcHourOf('created_at')}, ${sign}SUM(${SIGNED('')}) FROM orders
      WHERE user_id = ${userId} AND status IN ('completed', 'refunded') AND ${when} GROUP BY 1
      ${UPSERT}`;

export function customerVolumeHoursMigration(): string {
  return `
  CREATE TABLE customer_volume_hours (
    utc_hour INTEGER PRIMARY KEY,
    volume_sun INTEGER NOT NULL
  );
  INSERT INTO customer_volume_hours (utc_hour, volume_sun)
    SELECT ${utcHourOf('o.created_at')}, SUM(${SIGNED('o.')})
    FROM orders o JOIN users u ON u.id = o.user_id AND u.role = 'user'
    WHERE o.status IN ('completed', 'refunded') GROUP BY 1;

  CREATE TRIGGER orders_customer_hours_insert AFTER INSERT ON orders BEGIN${orderIntoHours('NEW', '')}
  END;
  CREATE TRIGGER orders_customer_hours_delete AFTER DELETE ON orders BEGIN${orderIntoHours('OLD', '-')}
  END;
  CREATE TRIGGER orders_customer_hours_update AFTER UPDATE OF user_id, status, total_sun, created_at ON orders
    WHEN OLD.user_id IS NOT NEW.user_id OR OLD.status IS NOT NEW.status
      OR OLD.total_sun IS NOT NEW.total_sun OR OLD.created_at IS NOT NEW.created_at
  BEGIN${orderIntoHours('OLD', '-')}${orderIntoHours('NEW', '')}
  END;

  CREATE TRIGGER users_customer_hours_insert AFTER INSERT ON users WHEN NEW.role = 'user'
  BEGIN${userOrdersIntoHours('NEW.id', 'true', '')}
  END;
  CREATE TRIGGER users_customer_hours_delete AFTER DELETE ON users WHEN OLD.role = 'user'
  BEGIN${userOrdersIntoHours('OLD.id', 'true', '-')}
  END;
  CREATE TRIGGER users_customer_hours_update AFTER UPDATE OF id, role ON users
    WHEN OLD.id IS NOT NEW.id OR (OLD.role = 'user') IS NOT (NEW.role = 'user')
  BEGIN${userOrdersIntoHours('OLD.id', "OLD.role = 'user'", '-')}${userOrdersIntoHours('NEW.id', "NEW.role = 'user'", '')}
  END;
  `;
}
