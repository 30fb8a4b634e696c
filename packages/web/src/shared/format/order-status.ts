import type { components } from '@trx-shop/client';

export type OrderStatus = components['schemas']['Order']['status'];

/** Every status in words; a Record, so a status the API adds cannot be left out. */
export const ORDER_STATUS_WORDS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending',
  completed: 'Completed',
  refunded: 'Refunded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const ORDER_STATUSES = Object.keys(ORDER_STATUS_WORDS) as OrderStatus[];

export const isOrderStatus = (value: string | null): value is OrderStatus =>
  value !== null && Object.hasOwn(ORDER_STATUS_WORDS, value);
