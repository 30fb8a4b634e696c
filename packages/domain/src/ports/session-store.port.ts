import type { Session } from '../users/session.js';
import type { User } from '../users/user.js';

/** What an access token names, each null when it no longer exists. */
export interface SessionAndUser {
  readonly session: Session | null;
  readonly user: User | null;
}

export interface SessionStore {
  insert(session: Session): Promise<Session>;
  findById(id: string): Promise<Session | null>;
  /**
   * The session and the user an access token names, read together: every authenticated request
   * reads both, and on SQLite one statement costs half of two (each read is a transaction).
   */
  findWithUser(sessionId: string, userId: string): Promise<SessionAndUser>;
  /** The user's sessions, most recent activity first. */
  listByUser(userId: string): Promise<readonly Session[]>;
  touch(id: string, at: Date): Promise<void>;
  /**
   * Refresh-token rotation: replaces `expectedTokenId` by `nextTokenId` on an active session in
   * one guarded write. false means the presented token was not the current one (reuse).
   */
  rotateRefreshToken(id: string, expectedTokenId: string, nextTokenId: string, at: Date): Promise<boolean>;
  deactivate(id: string): Promise<void>;
  /**
   * The ids among `ids` whose session is inactive or missing: one batched read, so every open
   * WebSocket's session can be re-checked every few hundred milliseconds.
   */
  inactiveAmong(ids: readonly string[]): Promise<readonly string[]>;
  /** Deactivates every session of the user but `keepId`. */
  deactivateOthers(userId: string, keepId: string | null): Promise<number>;
}
