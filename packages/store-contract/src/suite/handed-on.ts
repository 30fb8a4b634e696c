import { relayOutbox, type ShopEvent, type ShopStore } from '@trx-shop/domain';
import { BUILDER_NOW } from '../builders/fixed-time.js';

/**
 * The events a store's writes handed on, as the log holds them once the relay has run: a store
 * that logs at the write (SQLite) has them logged already, the others keep them in the records'
 * outboxes until the relay moves them. The log's own fields are left out.
 */
export const handedOn = async (store: ShopStore): Promise<ShopEvent[]> => {
  await relayOutbox({ store, clock: { now: () => BUILDER_NOW } });
  return (await store.eventLog.readAfter(0, 1_000)).map(({ sequence: _, loggedAt: __, ...event }) => event);
};
