import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildSession } from '../builders/session.builder.js';
import { buildUser } from '../builders/user.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

export const describeSessionContract = (harness: ContractHarness): void => {
  describe('sessions', () => {
    const store = useFreshStore(harness);

    it('stores a session and lists the user sessions by latest activity', async () => {
      const userId = newObjectId();
      const first = buildSession({ userId, lastActive: minutesAfter(BUILDER_NOW, 1) });
      const second = buildSession({ userId, lastActive: minutesAfter(BUILDER_NOW, 2) });
      expect(await store().sessions.insert(first)).toEqual(first);
      await store().sessions.insert(second);
      await store().sessions.insert(buildSession());
      expect(await store().sessions.findById(first.id)).toEqual(first);
      expect(await store().sessions.findById(newObjectId())).toBeNull();
      expect((await store().sessions.listByUser(userId)).map((session) => session.id)).toEqual([
        second.id,
        first.id,
      ]);
      await store().sessions.touch(first.id, minutesAfter(BUILDER_NOW, 3));
      expect((await store().sessions.listByUser(userId)).map((session) => session.id)).toEqual([
        first.id,
        second.id,
      ]);
      expect((await store().sessions.findById(first.id))?.lastActive).toEqual(minutesAfter(BUILDER_NOW, 3));
    });

    it('reads a session and a user together, each null when missing', async () => {
      const user = buildUser({
        twoFactor: { enabled: true, encryptedSecret: 'sealed', lastAcceptedStep: 7 },
      });
      await store().users.insert(user);
      const session = buildSession({ userId: user.id });
      const foreign = buildSession();
      for (const each of [session, foreign]) await store().sessions.insert(each);
      await store().sessions.deactivate(foreign.id);

      expect(await store().sessions.findWithUser(session.id, user.id)).toEqual({ session, user });
      // Whatever exists is answered as stored; whether the pair belongs together is the caller's rule.
      expect(await store().sessions.findWithUser(foreign.id, user.id)).toEqual({
        session: { ...foreign, isActive: false },
        user,
      });
      expect(await store().sessions.findWithUser(newObjectId(), user.id)).toEqual({ session: null, user });
      expect(await store().sessions.findWithUser(session.id, newObjectId())).toEqual({ session, user: null });
      expect(await store().sessions.findWithUser(newObjectId(), newObjectId())).toEqual({
        session: null,
        user: null,
      });
    });

    it('rotates the refresh token only from the current one on an active session', async () => {
      const session = buildSession({ refreshTokenId: 'jti-1' });
      await store().sessions.insert(session);
      const at = minutesAfter(BUILDER_NOW, 1);
      expect(await store().sessions.rotateRefreshToken(session.id, 'jti-1', 'jti-2', at)).toBe(true);
      expect(await store().sessions.rotateRefreshToken(session.id, 'jti-1', 'jti-3', at)).toBe(false);
      expect(await store().sessions.findById(session.id)).toMatchObject({
        refreshTokenId: 'jti-2',
        lastActive: at,
      });
      await store().sessions.deactivate(session.id);
      expect(await store().sessions.rotateRefreshToken(session.id, 'jti-2', 'jti-3', at)).toBe(false);
      expect((await store().sessions.findById(session.id))?.isActive).toBe(false);
    });

    it('deactivates every other session of the user and counts them', async () => {
      const userId = newObjectId();
      const keep = buildSession({ userId });
      const others = [buildSession({ userId }), buildSession({ userId })];
      const foreign = buildSession();
      for (const session of [keep, ...others, foreign]) await store().sessions.insert(session);
      expect(await store().sessions.deactivateOthers(userId, keep.id)).toBe(2);
      expect((await store().sessions.findById(keep.id))?.isActive).toBe(true);
      for (const other of others) expect((await store().sessions.findById(other.id))?.isActive).toBe(false);
      expect((await store().sessions.findById(foreign.id))?.isActive).toBe(true);
      expect(await store().sessions.deactivateOthers(userId, null)).toBe(1);
      expect((await store().sessions.findById(keep.id))?.isActive).toBe(false);
    });

    it('names, in one batched read, the given sessions that are inactive or missing', async () => {
      const live = [buildSession(), buildSession()];
      const ended = buildSession();
      for (const session of [...live, ended]) await store().sessions.insert(session);
      await store().sessions.deactivate(ended.id);
      const missing = newObjectId();
      expect(
        await store().sessions.inactiveAmong([live[0]?.id ?? '', ended.id, missing, live[1]?.id ?? '']),
      ).toEqual([ended.id, missing]);
      expect(await store().sessions.inactiveAmong([])).toEqual([]);
      // More ids than one batch holds.
      const many = Array.from({ length: 450 }, () => newObjectId());
      expect(await store().sessions.inactiveAmong([...many, live[0]?.id ?? ''])).toEqual(many);
    });
  });
};
