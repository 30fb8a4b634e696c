import type { DeliveredAdminFrame, DeliveredFrame } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { createRoomHub, type RoomMember } from '../../src/realtime/room-hub.js';

/*
 * The rooms of one instance (docs/api.md, "Real-time events"): a member resuming after a
 * reconnect gets its replay first, then the live frames that came meanwhile, never one twice.
 */

const USER = 'a'.repeat(24);
const ROOM = `user:${USER}`;

const member = (open = true) => {
  const sent: { id: string; event: string }[] = [];
  const socket: RoomMember = {
    readyState: open ? 1 : 3,
    send: (data) => {
      const frame = JSON.parse(data) as { id: string; event: string };
      sent.push({ id: frame.id, event: frame.event });
    },
  };
  return { socket, sent, ids: () => sent.map((frame) => frame.id) };
};

const frame = (sequence: number): DeliveredFrame => ({
  userId: USER,
  eventId: `event-${sequence}`,
  sequence,
  frame: {
    event: 'transaction:confirmed',
    data: { orderId: null, txHash: `hash-${sequence}`, message: 'm', timestamp: '2026-01-01T00:00:00.000Z' },
  },
});

const adminFrame = (sequence: number): DeliveredAdminFrame => ({
  eventId: `event-${sequence}`,
  sequence,
  frame: { event: 'order.created', data: { userId: USER, orderId: `order-${sequence}`, total: '5' } },
});

describe('the room hub', () => {
  it('sends live frames to the members of the room only, as {event, data, id}', () => {
    const hub = createRoomHub();
    const [inRoom, elsewhere] = [member(), member()];
    hub.join(ROOM, inRoom.socket);
    hub.join(`user:${'b'.repeat(24)}`, elsewhere.socket);
    hub.deliver(frame(1));
    expect(inRoom.sent).toEqual([{ id: 'event-1', event: 'transaction:confirmed' }]);
    expect(elsewhere.sent).toEqual([]);
  });

  it('holds live frames while a member replays, then sends the replay and the newer live frames once each', () => {
    const hub = createRoomHub();
    const resuming = member();
    hub.join(ROOM, resuming.socket, { replaying: true });
    // Live frames arriving during the replay: 6 is also in the replay (the read raced the reader).
    hub.deliver(frame(6));
    hub.deliver(frame(7));
    expect(resuming.sent).toEqual([]);
    hub.endReplay(ROOM, resuming.socket, [frame(4), frame(5), frame(6)], 3);
    hub.deliver(frame(8));
    expect(resuming.ids()).toEqual(['event-4', 'event-5', 'event-6', 'event-7', 'event-8']);
  });

  it('sends nothing at or below the client’s last event when this instance reads behind it', () => {
    const hub = createRoomHub();
    const ahead = member();
    hub.join(ROOM, ahead.socket, { replaying: true });
    hub.deliver(frame(9));
    // The client saw up to 10 through another instance; this one has read to 8 only.
    hub.endReplay(ROOM, ahead.socket, [], 10);
    hub.deliver(frame(10));
    hub.deliver(frame(11));
    expect(ahead.ids()).toEqual(['event-11']);
  });

  it("sends the admins' frames to the admin room only, replayed and live alike", () => {
    const hub = createRoomHub();
    const [admin, resuming, user] = [member(), member(), member()];
    hub.join('admin', admin.socket);
    hub.join('admin', resuming.socket, { replaying: true });
    hub.join(ROOM, user.socket);
    hub.deliverToAdmins(adminFrame(5));
    hub.endReplay('admin', resuming.socket, [adminFrame(4), adminFrame(5)], 3);
    hub.deliverToAdmins(adminFrame(6));
    expect(admin.sent).toEqual([
      { id: 'event-5', event: 'order.created' },
      { id: 'event-6', event: 'order.created' },
    ]);
    expect(resuming.ids()).toEqual(['event-4', 'event-5', 'event-6']);
    expect(user.sent).toEqual([]);
  });

  it('sends nothing to a closed socket, and forgets a member that left', () => {
    const hub = createRoomHub();
    const [closed, leaving] = [member(false), member()];
    hub.join(ROOM, closed.socket);
    hub.join(ROOM, leaving.socket);
    hub.leaveAll(leaving.socket);
    hub.deliver(frame(1));
    expect(closed.sent).toEqual([]);
    expect(leaving.sent).toEqual([]);
    expect(hub.size(ROOM)).toBe(1);
  });
});
