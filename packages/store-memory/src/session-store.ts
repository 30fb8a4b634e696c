import type { Session, SessionStore } from '@trx-shop/domain';
import type { Tables } from './tables.js';

export const createMemorySessionStore = ({
  sessions,
  users,
}: Pick<Tables, 'sessions' | 'users'>): SessionStore => {
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
    async findWithUser(sessionId, userId) {
      return { session: sessions.get(sessionId) ?? null, user: users.get(userId) ?? null };
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
