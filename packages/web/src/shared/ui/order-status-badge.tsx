import { ORDER_STATUS_WORDS, type OrderStatus } from '../format/order-status.js';

/** The status as a word in a tinted badge: the colour helps, the word carries the meaning. */
export const OrderStatusBadge = ({ status }: { status: OrderStatus }) => (
  <span className={`order-status order-status-${status}`}>{ORDER_STATUS_WORDS[status]}</span>
);
