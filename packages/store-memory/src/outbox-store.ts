import type { OutboxSource, OutboxStore, ShopEvent } from '@trx-shop/domain';
import type { Tables } from './tables.js';

const slotOf = (source: OutboxSource, sourceId: string) => `${source}\u0000${sourceId}`;

/** Appends to a record's outbox: the memory twin of the stores' same-write outbox. */
export const writeOutbox = (
  tables: Pick<Tables, 'outbox'>,
  source: OutboxSource,
  sourceId: string,
  events: readonly ShopEvent[] = [],
) => {
  if (events.length === 0) return;
  const slot = slotOf(source, sourceId);
  tables.outbox.set(slot, [...(tables.outbox.get(slot) ?? []), ...events]);
};

export const createMemoryOutboxStore = ({ outbox }: Pick<Tables, 'outbox'>): OutboxStore => ({
  async pending(limit) {
    return [...outbox.entries()]
      .flatMap(([slot, events]) => {
        const [source, sourceId] = slot.split('\u0000') as [OutboxSource, string];
        return events.map((event) => ({ source, sourceId, event }));
      })
      .sort((a, b) => a.event.occurredAt.getTime() - b.event.occurredAt.getTime())
      .slice(0, limit);
  },
  async clear(entries) {
    for (const entry of entries) {
      const slot = slotOf(entry.source, entry.sourceId);
      const left = (outbox.get(slot) ?? []).filter((event) => event.id !== entry.event.id);
      if (left.length === 0) outbox.delete(slot);
      else outbox.set(slot, left);
    }
  },
});
