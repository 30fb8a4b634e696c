import type { ShopEvent } from '@trx-shop/domain';
import type { PushOperator, UpdateFilter } from 'mongodb';
import type { OutboxHolder } from '../documents.js';
import { shopEventFields } from '../mapping.js';

/**
 * `update` that also appends `events` to the record's outbox: the events ride on the state
 * change's own single-document write, so they are stored exactly when the change applies (a
 * guard that matches nothing writes neither). Without events the update is left as it is.
 */
export const withEvents = <TDocument extends OutboxHolder>(
  update: UpdateFilter<TDocument>,
  events: readonly ShopEvent[] = [],
): UpdateFilter<TDocument> => {
  if (events.length === 0) return update;
  const push: PushOperator<OutboxHolder> = { outbox: { $each: events.map(shopEventFields) } };
  // Checked against the concrete holder above: the driver's types cannot resolve `outbox` on a
  // generic document.
  return { ...update, $push: { ...update.$push, ...(push as unknown as PushOperator<TDocument>) } };
};
