import type { ShopEvent } from '@trx-shop/domain';
import type { UpdateFilter } from 'mongodb';
import type { OrderDocument } from '../documents.js';
import { shopEventFields } from '../mapping.js';

/**
 * `update` that also appends `events` to the order's outbox: the events ride on the state
 * change's own single-document write, so they are stored exactly when the change applies (a
 * guard that matches nothing writes neither). Without events the update is left as it is.
 */
export const withEvents = (
  update: UpdateFilter<OrderDocument>,
  events: readonly ShopEvent[] = [],
): UpdateFilter<OrderDocument> =>
  events.length === 0
    ? update
    : { ...update, $push: { ...update.$push, outbox: { $each: events.map(shopEventFields) } } };
