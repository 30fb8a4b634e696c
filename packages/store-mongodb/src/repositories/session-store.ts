import type { SessionStore } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import { sessionFromDocument, sessionToDocument, userFromDocument } from '../mapping.js';

export const createMongoSessionStore = ({
  sessions,
  users,
}: Pick<ShopCollections, 'sessions' | 'users'>): SessionStore => ({
  async insert(session) {
    await sessions.insertOne(sessionToDocument(session));
    return session;
  },

  async findById(id) {
    const document = await sessions.findOne({ _id: id });
    return document ? sessionFromDocument(document) : null;
  },

  async findWithUser(sessionId, userId) {
    // The point reads in flight at once, as separate reads would be.
    const [session, user] = await Promise.all([
      sessions.findOne({ _id: sessionId }),
      users.findOne({ _id: userId }),
    ]);
    return {
      session: session ? sessionFromDocument(session) : null,
      user: user ? userFromDocument(user) : null,
    };
  },

  async listByUser(userId) {
    const documents = await sessions.find({ userId }).sort({ lastActive: -1, _id: -1 }).toArray();
    return documents.map(sessionFromDocument);
  },

  async touch(id, at) {
    await sessions.updateOne({ _id: id }, { $set: { lastActive: at } });
  },

  async rotateRefreshToken(id, expectedTokenId, nextTokenId, at) {
    // One guarded write: a replayed (already rotated) refresh token matches nothing.
    const result = await sessions.updateOne(
      { _id: id, isActive: true, refreshTokenId: expectedTokenId },
      { $set: { refreshTokenId: nextTokenId, lastActive: at } },
    );
    return result.matchedCount === 1;
  },

  async deactivate(id) {
    await sessions.updateOne({ _id: id }, { $set: { isActive: false } });
  },

  async inactiveAmong(ids) {
    if (ids.length === 0) return [];
    const active = await sessions
      .find({ _id: { $in: [...ids] }, isActive: true })
      .project<{ _id: string }>({ _id: 1 })
      .toArray();
    const activeIds = new Set(active.map((session) => session._id));
    return ids.filter((id) => !activeIds.has(id));
  },

  async deactivateOthers(userId, keepId) {
    const result = await sessions.updateMany(
      { userId, isActive: true, ...(keepId === null ? {} : { _id: { $ne: keepId } }) },
      { $set: { isActive: false } },
    );
    return result.matchedCount;
  },
});
