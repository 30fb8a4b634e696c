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

/**
 * `+status` keeps the status indexes out of a search's plan: they would walk every order of the
 * status in page order, where the matching users' orders are few index probes away.
 */
const statusFilter = (filtered: boolean, search: SalesSearch = 'none'): string =>
  filtered ? `${search === 'none' ? '' : '+'}status = @status` : '';

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
/**
 * Whether a sales query has a search, and whether it also names an order number. The customers
 * are found in `users_role_created_keys`, which holds the lowercased keys beside the id, so the
 * search reads that index and no user row; instr() has no wildcards to escape.
 */
export type SalesSearch = 'none' | 'customer' | 'customer-or-number';
const searchFilter = (search: SalesSearch, table = ''): string => {
  if (search === 'none') return '';
  const customers =
    `${table}user_id IN (SELECT id FROM users INDEXED BY users_role_created_keys ` +
    'WHERE instr(email_key, @needle) > 0 OR instr(username_key, @needle) > 0)';
  return search === 'customer' ? customers : `(${customers} OR ${table}number = @number)`;
};
/** One customer's orders: with user_id = ? the orders_user_* indexes serve status and range too. */
const customerFilter = (customer: boolean, table = ''): string =>
  customer ? `${table}user_id = @customer_id` : '';
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
  /** Answered from orders_user_status_created alone: its (user_id, status, created_at) entries. */
  userStatusCounts:
    'SELECT status, COUNT(*) AS n, MAX(created_at) AS last FROM orders WHERE user_id = ? GROUP BY status',
  /**
   * The page is cut from the covering (status,) created_at, id index first, so a deep OFFSET skips
   * index entries only; just the page's rows are read and joined to their customer.
   */
  salesPage: (
    status: boolean,
    range: SalesRange = NO_RANGE,
    search: SalesSearch = 'none',
    customer = false,
  ) =>
    `SELECT ${O_COLUMNS}, u.id AS customer_id, u.username AS customer_username, u.email AS customer_email ` +
    `FROM (SELECT id, created_at FROM orders ${where(statusFilter(status, search), ...rangeFilters(range), searchFilter(search), customerFilter(customer))} ` +
    'ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset) AS page ' +
    'JOIN orders o ON o.id = page.id LEFT JOIN users u ON u.id = o.user_id ' +
    'ORDER BY page.created_at DESC, page.id DESC',
  /** Keyset batches for the export: strictly older than the last row sent, newest first. */
  salesBatch: (status: boolean, range: SalesRange, search: SalesSearch = 'none', customer = false) =>
    `SELECT ${O_COLUMNS}, u.id AS customer_id, u.username AS customer_username, u.email AS customer_email ` +
    `FROM orders o LEFT JOIN users u ON u.id = o.user_id ${where(
      statusFilter(status, search).replace('status', 'o.status'),
      ...rangeFilters(range).map((condition) => condition.replace('created_at', 'o.created_at')),
      searchFilter(search, 'o.'),
      customerFilter(customer, 'o.'),
      '(o.created_at < @before_t OR (o.created_at = @before_t AND o.id < @before_id))',
    )} ORDER BY o.created_at DESC, o.id DESC LIMIT @limit`,
  /**
   * With a time range (days need not align), a search or a customer, the day totals cannot answer:
   * count the rows.
   */
  salesRangeCount: (status: boolean, range: SalesRange, search: SalesSearch = 'none', customer = false) =>
    `SELECT COUNT(*) AS n FROM orders ${where(statusFilter(status, search), ...rangeFilters(range), searchFilter(search), customerFilter(customer))}`,
  /** From the trigger-kept `order_day_totals`: a few rows per day, not every order. */
  salesCount: (status: boolean) =>
    'SELECT COALESCE(SUM(order_count), 0) AS n FROM order_day_totals ' +
    (status ? 'WHERE status = @status' : `WHERE status IN (${ORDER_STATUS_LIST})`),
  /** Both sides are index lookups (orders_payment_recorded, the partial order_refunds_unrecorded). */
  unrecordedClaims:
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE payment_recorded = 0 ` +
    'OR id IN (SELECT order_id FROM order_refunds WHERE recorded = 0) LIMIT ?',
} as const;
