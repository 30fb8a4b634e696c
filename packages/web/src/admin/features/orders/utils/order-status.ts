import type { components } from '@trx-shop/client';

export type OrderStatus = components['schemas']['Order']['status'];
export type OverrideStatus = components['schemas']['OverrideOrderStatusRequest']['status'];

/** Every status in words; a Record, so a status the API adds cannot be left out. */
export const ORDER_STATUS_WORDS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending',
  completed: 'Completed',
  refunded: 'Refunded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const ORDER_STATUSES = Object.keys(ORDER_STATUS_WORDS) as OrderStatus[];

const OVERRIDE_TARGETS: Readonly<Record<OverrideStatus, true>> = {
  pending: true,
  completed: true,
  refunded: true,
};

/** The statuses an admin may set by hand (the API's status override accepts only these). */
export const OVERRIDE_STATUSES = Object.keys(OVERRIDE_TARGETS) as OverrideStatus[];

export const isOrderStatus = (value: string | null): value is OrderStatus =>
  value !== null && Object.hasOwn(ORDER_STATUS_WORDS, value);

export const isOverrideStatus = (value: string): value is OverrideStatus =>
  Object.hasOwn(OVERRIDE_TARGETS, value);
