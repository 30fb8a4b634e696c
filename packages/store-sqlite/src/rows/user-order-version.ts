/**
 * A user's order version as OrderStore.userOrdersVersion answers it: the `user_order_versions` counter, or
 * 0 for a user who has no orders yet (no row until the first order is written).
 */
export const userOrderVersionText = (version: number | null | undefined): string => String(version ?? 0);

export const USER_ORDER_VERSION_SQL = 'SELECT version FROM user_order_versions WHERE user_id = ?';
