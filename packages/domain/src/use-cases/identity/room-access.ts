import type { User } from '../../users/user.js';

/** The real-time room of one user's events. */
export const userRoomName = (userId: string): string => `user:${userId}`;

/** A user may follow their own room; an admin may follow any user's. */
export const mayJoinUserRoom = (caller: Pick<User, 'id' | 'role'>, userId: string): boolean =>
  caller.id === userId || caller.role === 'admin';
