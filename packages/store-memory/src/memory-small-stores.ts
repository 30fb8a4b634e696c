import { writeOutbox } from './memory-events.js';
import type {
  CounterStore,
  IdempotencyStore,
  ChainCursorStore,
  KeyHolderStore,
  LeaseStore,
  Session,
  SessionStore,
  WalletReservationStore,
} from '@trx-shop/domain';
import type { Tables } from './tables.js';

export const createMemoryCounters = ({ counters }: Pick<Tables, 'counters'>): CounterStore => ({
  async next(name, count = 1) {
    const first = (counters.get(name) ?? 0) + 1;
    counters.set(name, first + count - 1);
    return first;
  },
});

export const createMemorySessions = ({
  sessions,
  users,
  userOrderVersions,
}: Pick<Tables, 'sessions' | 'users' | 'userOrderVersions'>): SessionStore => {
  const update = (id: string, change: Partial<Session>) => {
    const session = sessions.get(id);
    if (session) sessions.set(id, { ...session, ...change });
  };
  return {
    async insert(session) {
      sessions.set(session.id, session);
      return session;
    },
    async findById(id) {
      return sessions.get(id) ?? null;
    },
    async findWithUser(sessionId, userId, extras) {
      const found = { session: sessions.get(sessionId) ?? null, user: users.get(userId) ?? null };
      // As memory-orders' userOrdersVersion answers it.
      if (extras?.ordersVersion)
        return { ...found, ordersVersion: String(userOrderVersions.get(userId) ?? 0) };
      return found;
    },
    async listByUser(userId) {
      return [...sessions.values()]
        .filter((session) => session.userId === userId)
        .sort((a, b) => b.lastActive.getTime() - a.lastActive.getTime() || (a.id < b.id ? 1 : -1));
    },
    async touch(id, at) {
      update(id, { lastActive: at });
    },
    async rotateRefreshToken(id, expectedTokenId, nextTokenId, at) {
      const session = sessions.get(id);
      if (!session?.isActive || session.refreshTokenId !== expectedTokenId) return false;
      sessions.set(id, { ...session, refreshTokenId: nextTokenId, lastActive: at });
      return true;
    },
    async deactivate(id) {
      update(id, { isActive: false });
    },
    async inactiveAmong(ids) {
      return ids.filter((id) => sessions.get(id)?.isActive !== true);
    },
    async deactivateOthers(userId, keepId) {
      let ended = 0;
      for (const session of sessions.values()) {
        if (session.userId !== userId || !session.isActive || session.id === keepId) continue;
        sessions.set(session.id, { ...session, isActive: false });
        ended += 1;
      }
      return ended;
    },
  };
};

const withdrawalKey = (userId: string, key: string) => `${userId}\u0000${key}`;

export const createMemoryWithdrawals = ({
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

export const createMemoryLeases = ({ leases }: Pick<Tables, 'leases'>): LeaseStore => ({
  async tryAcquire(name, holder, now, ttlMs) {
    const lease = leases.get(name);
    if (lease && lease.holder !== holder && lease.expiresAt.getTime() > now.getTime()) return false;
    leases.set(name, { holder, expiresAt: new Date(now.getTime() + ttlMs) });
    return true;
  },
  async release(name, holder) {
    if (leases.get(name)?.holder === holder) leases.delete(name);
  },
});

export const createMemoryKeyHolders = ({ keyHolders }: Pick<Tables, 'keyHolders'>): KeyHolderStore => ({
  async announce(holder, now) {
    for (const [id, held] of keyHolders) {
      if (held.expiresAt.getTime() <= now.getTime()) keyHolders.delete(id);
    }
    keyHolders.set(holder.id, { ...holder, opens: [...holder.opens] });
  },
  async withdraw(id) {
    keyHolders.delete(id);
  },
  async listLive(now) {
    return [...keyHolders.values()]
      .filter((holder) => holder.expiresAt.getTime() > now.getTime())
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  },
});

export const createMemoryChainCursors = ({
  chainCursors,
}: Pick<Tables, 'chainCursors'>): ChainCursorStore => ({
  async read(name) {
    return chainCursors.get(name) ?? null;
  },
  async advance(name, expected, next) {
    if ((chainCursors.get(name) ?? null) !== expected) return false;
    chainCursors.set(name, next);
    return true;
  },
});

export const createMemoryWalletReservations = ({
  walletReservations,
}: Pick<Tables, 'walletReservations'>): WalletReservationStore => {
  const sumOf = (address: string) => {
    let sum = 0;
    for (const held of walletReservations.get(address)?.values() ?? []) sum += held.amountSun;
    return sum;
  };
  return {
    async reserve(reservation, limitSun) {
      const held = walletReservations.get(reservation.address) ?? new Map();
      if (held.has(reservation.key)) return true;
      if (sumOf(reservation.address) + reservation.amountSun > limitSun) return false;
      held.set(reservation.key, { amountSun: reservation.amountSun, reservedAt: reservation.reservedAt });
      walletReservations.set(reservation.address, held);
      return true;
    },
    async release(address, key) {
      walletReservations.get(address)?.delete(key);
    },
    async reservedSun(address) {
      return sumOf(address);
    },
    async listBefore(before, limit) {
      return [...walletReservations.entries()]
        .flatMap(([address, held]) => [...held.entries()].map(([key, entry]) => ({ address, key, ...entry })))
        .filter((reservation) => reservation.reservedAt.getTime() < before.getTime())
        .sort((a, b) => a.reservedAt.getTime() - b.reservedAt.getTime())
        .slice(0, limit);
    },
  };
};
