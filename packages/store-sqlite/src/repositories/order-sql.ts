import { ORDER_STATUSES } from '@trx-shop/domain';
import { claimColumnNames } from '../rows/claim-columns.js';
import { ORDER_REFUND_COLUMN_LIST } from '../rows/order-refund-row.js';

export const ORDER_COLUMN_LIST = [
  'id',
  'number',
  'user_id',
  'subtotal_sun',
  'network_fee_sun',
  'discount_sun',
  'total_sun',
  'status',
  'payment_method',
  'transaction_hash',
  'wallet_address',
  'merchant_address',
  ...claimColumnNames('payment'),
  'refund_claimed_sun',
  'refunded_sun',
  'purchase_effect',
  'refund_effect',
  'created_at',
  'updated_at',
] as const;

export const ORDER_COLUMNS = ORDER_COLUMN_LIST.join(', ');
const O_COLUMNS = ORDER_COLUMN_LIST.map((column) => `o.${column}`).join(', ');

export const INSERT_ORDER = `INSERT INTO orders (${ORDER_COLUMNS}) VALUES (${ORDER_COLUMN_LIST.map((column) => `@${column}`).join(', ')})`;
export const INSERT_ORDER_LINE =
  'INSERT INTO order_lines (order_id, line_index, product_id, name, price_sun, quantity, color, stock_taken, stock_restored) ' +
  'VALUES (@order_id, @line_index, @product_id, @name, @price_sun, @quantity, @color, @stock_taken, @stock_restored)';
export const INSERT_ORDER_REFUND = `INSERT INTO order_refunds (${ORDER_REFUND_COLUMN_LIST.join(', ')}) VALUES (${ORDER_REFUND_COLUMN_LIST.map((column) => `@${column}`).join(', ')})`;

/**
 * The domain's statuses (the only ones an order holds) as an SQL list: the summaries are read
 * status by status through their primary key.
 */
export const ORDER_STATUS_LIST = ORDER_STATUSES.map((status) => `'${status}'`).join(', ');

const statusFilter = (filtered: boolean): string => (filtered ? 'status = @status' : '');

/** Which ends of a `[from, to)` createdAt range a sales query has. */
export interface SalesRange {
  readonly from: boolean;
  readonly to: boolean;
}
const NO_RANGE: SalesRange = { from: false, to: false };
const rangeFilters = (range: SalesRange): string[] => [
  range.from ? 'created_at >= @from' : '',
  range.to ? 'created_at < @to' : '',
];
const where = (...conditions: string[]): string => {
  const present = conditions.filter((condition) => condition !== '');
  return present.length === 0 ? '' : `WHERE ${present.join(' AND ')}`;
};

export const ORDER_SQL = {
  byId: `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ?`,
  pendingByUser: `SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = ? AND status = 'pending' ORDER BY created_at DESC LIMIT 1`,
  userPage: (status: boolean) =>
    `SELECT ${ORDER_COLUMNS} FROM orders ${where('user_id = @user_id', statusFilter(status))} ` +
    'ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset',
  userCount: (status: boolean) =>
    `SELECT COUNT(*) AS n FROM orders ${where('user_id = @user_id', statusFilter(status))}`,
  /**
   * The page is cut from the covering (status,) created_at, id index first, so a deep OFFSET skips
   * index entries only; just the page's rows are read and joined to their customer.
   */
  salesPage: (status: boolean, range: SalesRange = NO_RANGE) =>
    `SELECT ${O_COLUMNS}, u.id AS customer_id, u.username AS customer_username, u.email AS customer_email ` +
    `FROM (SELECT id, created_at FROM orders ${where(statusFilter(status), ...rangeFilters(range))} ` +
    'ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset) AS page ' +
    'JOIN orders o ON o.id = page.id LEFT JOIN users u ON u.id = o.user_id ' +
    'ORDER BY page.created_at DESC, page.id DESC',
  /** Keyset batches for the export: strictly older than the last row sent, newest first. */
  salesBatch: (status: boolean, range: SalesRange) =>
    `SELECT ${O_COLUMNS}, u.id AS customer_id, u.username AS customer_username, u.email AS customer_email ` +
    `FROM orders o LEFT JOIN users u ON u.id = o.user_id ${where(
      statusFilter(status).replace('status', 'o.status'),
      ...rangeFilters(range).map((condition) => condition.replace('created_at', 'o.created_at')),
      '(o.created_at < @before_t OR (o.created_at = @before_t AND o.id < @before_id))',
    )} ORDER BY o.created_at DESC, o.id DESC LIMIT @limit`,
  /** With a time range, the day totals cannot answer (days need not align): count the rows. */
  salesRangeCount: (status: boolean, range: SalesRange) =>
    `SELECT COUNT(*) AS n FROM orders ${where(statusFilter(status), ...rangeFilters(range))}`,
  /** From the trigger-kept `order_day_totals`: a few rows per day, not every order. */
  salesCount: (status: boolean) =>
    'SELECT COALESCE(SUM(order_count), 0) AS n FROM order_day_totals ' +
    (status ? 'WHERE status = @status' : `WHERE status IN (${ORDER_STATUS_LIST})`),
  /** Both sides are index lookups (orders_payment_recorded, the partial order_refunds_unrecorded). */
  unrecordedClaims:
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE payment_recorded = 0 ` +
    'OR id IN (SELECT order_id FROM order_refunds WHERE recorded = 0) LIMIT ?',
} as const;
