import type { components } from '@trx-shop/client';

export type OverrideStatus = components['schemas']['OverrideOrderStatusRequest']['status'];

const OVERRIDE_TARGETS: Readonly<Record<OverrideStatus, true>> = {
  pending: true,
  completed: true,
  refunded: true,
};

/** The statuses an admin may set by hand (the API's status override accepts only these). */
export const OVERRIDE_STATUSES = Object.keys(OVERRIDE_TARGETS) as OverrideStatus[];

export const isOverrideStatus = (value: string): value is OverrideStatus =>
  Object.hasOwn(OVERRIDE_TARGETS, value);
