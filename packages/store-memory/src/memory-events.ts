import type { EventLogStore, LoggedEvent, OutboxStore, ShopEvent } from '@trx-shop/domain';
import type { Tables } from './tables.js';

const EVENT_SEQUENCE = 'events';

/** Appends to an order's outbox: the memory twin of the stores' same-write outbox. */
export const writeOutbox = (
  tables: Pick<Tables, 'outbox'>,
  orderId: string,
  events: readonly ShopEvent[] = [],
) => {
  if (events.length === 0) return;
  tables.outbox.set(orderId, [...(tables.outbox.get(orderId) ?? []), ...events]);
};

export const createMemoryOutbox = ({ outbox }: Pick<Tables, 'outbox'>): OutboxStore => ({
  async pending(limit) {
    return [...outbox.entries()]
      .flatMap(([sourceId, events]) => events.map((event) => ({ sourceId, event })))
      .sort((a, b) => a.event.occurredAt.getTime() - b.event.occurredAt.getTime())
      .slice(0, limit);
  },
  async clear(entry) {
    const left = (outbox.get(entry.sourceId) ?? []).filter((event) => event.id !== entry.event.id);
    if (left.length === 0) outbox.delete(entry.sourceId);
    else outbox.set(entry.sourceId, left);
  },
});

export const createMemoryEventLog = ({
  eventLog,
  counters,
}: Pick<Tables, 'eventLog' | 'counters'>): EventLogStore => {
  const inOrder = () => [...eventLog.values()].sort((a, b) => a.sequence - b.sequence);
  return {
    async takeSequence() {
      const sequence = (counters.get(EVENT_SEQUENCE) ?? 0) + 1;
      counters.set(EVENT_SEQUENCE, sequence);
      return sequence;
    },
    async insert(event, sequence, at) {
      const logged = eventLog.get(event.id);
      if (logged) return logged;
      const inserted: LoggedEvent = { ...event, sequence, loggedAt: at };
      eventLog.set(event.id, inserted);
      return inserted;
    },
    async readAfter(sequence, limit) {
      return inOrder()
        .filter((event) => event.sequence > sequence)
        .slice(0, limit);
    },
    async findById(id) {
      return eventLog.get(id) ?? null;
    },
    async oldestSequence() {
      return inOrder()[0]?.sequence ?? null;
    },
    async compact(before, limit) {
      const removable = inOrder()
        .filter((event) => event.subjects.orderId === null && event.loggedAt.getTime() < before.getTime())
        .slice(0, limit);
      for (const event of removable) eventLog.delete(event.id);
      return removable.length;
    },
  };
};
