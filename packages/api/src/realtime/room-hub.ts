import { type Notifier, type ServiceEvent, userRoomName } from '@trx-shop/domain';

/** What the hub needs of a socket: @fastify/websocket's (ws) sockets fit. */
export interface RoomMember {
  readonly readyState: number;
  send(data: string): void;
}

const OPEN = 1;

/** The room of one user's events (the domain names it). */
export const userRoom = userRoomName;

/**
 * Rooms of live sockets on this instance. Events reach sockets connected here only; fan-out
 * across instances is future work (docs/operations.md).
 */
export const createRoomHub = () => {
  const rooms = new Map<string, Set<RoomMember>>();
  const send = (member: RoomMember, frame: string) => {
    if (member.readyState === OPEN) member.send(frame);
  };
  const hub: Notifier & {
    join(room: string, member: RoomMember): void;
    leaveAll(member: RoomMember): void;
    size(room: string): number;
  } = {
    notifyUser: (userId: string, event: ServiceEvent) => {
      const frame = JSON.stringify(event);
      for (const member of rooms.get(userRoom(userId)) ?? []) send(member, frame);
    },
    join: (room, member) => {
      const members = rooms.get(room) ?? new Set<RoomMember>();
      members.add(member);
      rooms.set(room, members);
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
