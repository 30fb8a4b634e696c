import type { AuditFilter, EventLogStore, LoggedEvent, ShopEvent } from '@trx-shop/domain';
import { pageFrom, type Tables } from './tables.js';

const EVENT_SEQUENCE = 'events';

const matchesAudit = (event: LoggedEvent, filter: AuditFilter): boolean => {
  if (event.actor === null) return false;
  if (filter.actorId !== undefined && event.actor.id !== filter.actorId) return false;
  if (filter.action !== undefined && event.type !== filter.action) return false;
  if (filter.targetId !== undefined && !Object.values(event.subjects).includes(filter.targetId)) return false;
  const at = event.occurredAt.getTime();
  if (filter.from !== undefined && at < filter.from.getTime()) return false;
  return filter.to === undefined || at < filter.to.getTime();
};

/** The audit list's order: newest occurrence first, then id, descending. */
const newestOccurredFirst = (a: LoggedEvent, b: LoggedEvent): number =>
  b.occurredAt.getTime() - a.occurredAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export const createMemoryEventLogStore = ({
  eventLog,
  counters,
}: Pick<Tables, 'eventLog' | 'counters'>): EventLogStore => {
  const inOrder = () => [...eventLog.values()].sort((a, b) => a.sequence - b.sequence);
  const takeSequences = (count: number): number => {
    const first = (counters.get(EVENT_SEQUENCE) ?? 0) + 1;
    counters.set(EVENT_SEQUENCE, first + count - 1);
    return first;
  };
  const insert = (event: ShopEvent, sequence: number, at: Date): LoggedEvent => {
    const logged = eventLog.get(event.id);
    if (logged) return logged;
    const inserted: LoggedEvent = { ...event, sequence, loggedAt: at };
    eventLog.set(event.id, inserted);
    return inserted;
  };
  return {
    async takeSequence() {
      return takeSequences(1);
    },
    async takeSequences(count) {
      return takeSequences(count);
    },
    async insert(event, sequence, at) {
      return insert(event, sequence, at);
    },
    async insertMany(entries, at) {
      let logged = 0;
      for (const { event, sequence } of entries) {
        if (!eventLog.has(event.id)) logged += 1;
        insert(event, sequence, at);
      }
      return logged;
    },
    async loggedIds(ids) {
      return new Set(ids.filter((id) => eventLog.has(id)));
    },
    async readAfter(sequence, limit) {
      return inOrder()
        .filter((event) => event.sequence > sequence)
        .slice(0, limit);
    },
    async readUserAfter(userId, sequence, limit) {
      return inOrder()
        .filter((event) => event.subjects.userId === userId && event.sequence > sequence)
        .slice(0, limit);
    },
    async findById(id) {
      return eventLog.get(id) ?? null;
    },
    async oldestSequence() {
      return inOrder()[0]?.sequence ?? null;
    },
    async newestSequence() {
      return inOrder().at(-1)?.sequence ?? null;
    },
    async compact(before, limit) {
      const removable = inOrder()
        .filter(
          (event) =>
            event.subjects.orderId === null &&
            event.actor === null &&
            event.loggedAt.getTime() < before.getTime(),
        )
        .slice(0, limit);
      for (const event of removable) eventLog.delete(event.id);
      return removable.length;
    },
    async listAudit(filter, page) {
      const matching = [...eventLog.values()].filter((event) => matchesAudit(event, filter));
      return pageFrom(matching.sort(newestOccurredFirst), page);
    },
    async orderHistory(orderId) {
      return inOrder().filter((event) => event.subjects.orderId === orderId);
    },
  };
};
