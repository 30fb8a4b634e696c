import {
  ADMIN_ROOM_NAME,
  type DeliveredAdminFrame,
  type DeliveredFrame,
  type Notifier,
  userRoomName,
} from '@trx-shop/domain';

/** What the hub needs of a socket: @fastify/websocket's (ws) sockets fit. */
export interface RoomMember {
  readonly readyState: number;
  send(data: string): void;
}

const OPEN = 1;

/** The room of one user's events (the domain names it). */
export const userRoom = userRoomName;

/** The room of the shop's events for admins. */
export const adminRoom = ADMIN_ROOM_NAME;

/** A frame for a user's room or the admin room. */
export type RoomFrame = DeliveredFrame | DeliveredAdminFrame;

/** The wire form of a delivered frame (docs/api.md, "Real-time events"): `id` is the event's id. */
export const wireFrame = ({ frame, eventId }: RoomFrame): string =>
  JSON.stringify({ event: frame.event, data: frame.data, id: eventId });

interface MemberState {
  /** Live frames waiting while the member is sent its missed ones; null once live. */
  waiting: RoomFrame[] | null;
  /** The newest sequence the member has (or had before reconnecting): nothing at or below it is sent. */
  floor: number;
}

/**
 * Rooms of live sockets on this instance, fed by this instance's reader of the event log. A member
 * that joins with a resume point is "replaying" until `endReplay`: live frames wait for it, so
 * the replayed ones go first and nothing arrives twice.
 */
export const createRoomHub = () => {
  const rooms = new Map<string, Map<RoomMember, MemberState>>();
  const send = (member: RoomMember, frame: string) => {
    if (member.readyState === OPEN) member.send(frame);
  };
  const deliverTo = (room: string, delivered: RoomFrame) => {
    const members = rooms.get(room);
    if (!members) return;
    const frame = wireFrame(delivered);
    for (const [member, state] of members) {
      if (delivered.sequence <= state.floor) continue;
      if (state.waiting) state.waiting.push(delivered);
      else send(member, frame);
    }
  };
  const hub: Notifier & {
    join(room: string, member: RoomMember, options?: { readonly replaying: boolean }): void;
    /**
     * Sends the member its replayed frames, then the live ones that waited and are newer than both
     * the replay and `after` (the client's last event), and goes live.
     */
    endReplay(room: string, member: RoomMember, replayed: readonly RoomFrame[], after: number): void;
    leaveAll(member: RoomMember): void;
    size(room: string): number;
  } = {
    deliver: (delivered) => deliverTo(userRoom(delivered.userId), delivered),
    deliverToAdmins: (delivered) => deliverTo(adminRoom, delivered),
    join: (room, member, options) => {
      const members = rooms.get(room) ?? new Map<RoomMember, MemberState>();
      // A second join of the same room keeps the first one's state (no replay twice).
      if (!members.has(member)) members.set(member, { waiting: options?.replaying ? [] : null, floor: 0 });
      rooms.set(room, members);
    },
    endReplay: (room, member, replayed, after) => {
      const state = rooms.get(room)?.get(member);
      if (!state?.waiting) return;
      // The client may have seen events this instance has not read yet (from another instance):
      // the floor keeps them from arriving twice, now and later.
      state.floor = after;
      for (const frame of [...replayed, ...state.waiting]) {
        if (frame.sequence <= state.floor) continue;
        send(member, wireFrame(frame));
        state.floor = frame.sequence;
      }
      state.waiting = null;
    },
    leaveAll: (member) => {
      for (const [room, members] of rooms) {
        members.delete(member);
        if (members.size === 0) rooms.delete(room);
      }
    },
    size: (room) => rooms.get(room)?.size ?? 0,
  };
  return hub;
};

export type RoomHub = ReturnType<typeof createRoomHub>;
