import { writeOutbox } from './outbox-store.js';
import type { IdempotencyStore } from '@trx-shop/domain';
import type { Tables } from './tables.js';

const withdrawalKey = (userId: string, key: string) => `${userId}\u0000${key}`;

export const createMemoryIdempotencyStore = ({
  withdrawals,
  outbox,
}: Pick<Tables, 'withdrawals' | 'outbox'>): IdempotencyStore => {
  const byId = (id: string) => [...withdrawals.entries()].find(([, record]) => record.id === id);
  return {
    async claim(record, reuseAfter, events) {
      const slot = withdrawalKey(record.userId, record.key);
      const existing = withdrawals.get(slot);
      if (existing && existing.createdAt.getTime() >= reuseAfter.getTime())
        return { claimed: false, existing };
      withdrawals.set(slot, record);
      writeOutbox({ outbox }, 'withdrawal', record.id, events);
      return { claimed: true };
    },
    async find(userId, key) {
      return withdrawals.get(withdrawalKey(userId, key)) ?? null;
    },
    async markRecorded(id) {
      const found = byId(id);
      if (found) withdrawals.set(found[0], { ...found[1], claim: { ...found[1].claim, recorded: true } });
    },
    async settle(id, state, events) {
      const found = byId(id);
      if (found?.[1].claim.state !== 'pending') return;
      withdrawals.set(found[0], { ...found[1], claim: { ...found[1].claim, state } });
      writeOutbox({ outbox }, 'withdrawal', id, events);
    },
    async listUnrecorded(limit) {
      return [...withdrawals.values()]
        .filter((record) => !record.claim.recorded)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .slice(0, limit);
    },
  };
};
