import type { User } from '../../users/user.js';

/** The real-time room of one user's events. */
export const userRoomName = (userId: string): string => `user:${userId}`;

/** A user may follow their own room; an admin may follow any user's. */
export const mayJoinUserRoom = (caller: Pick<User, 'id' | 'role'>, userId: string): boolean =>
  caller.id === userId || caller.role === 'admin';

/** The real-time room of the shop's order, payment, refund, deposit and withdrawal events. */
export const ADMIN_ROOM_NAME = 'admin';

/** Only an admin follows the admin room: it carries every customer's events. */
export const mayJoinAdminRoom = (caller: Pick<User, 'role'>): boolean => caller.role === 'admin';
