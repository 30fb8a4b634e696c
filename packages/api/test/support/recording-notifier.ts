import type { ServiceEvent } from '@trx-shop/domain';
import type { RoomHub } from '../../src/realtime/room-hub.js';

export interface RecordedEvent {
  readonly userId: string;
  readonly event: ServiceEvent;
}

/** The app's rooms, recording every frame delivered to them (whether or not a socket is in the room). */
export const recordingRooms = (hub: RoomHub): { rooms: RoomHub; delivered: RecordedEvent[] } => {
  const delivered: RecordedEvent[] = [];
  return {
    delivered,
    rooms: {
      ...hub,
      deliver: (frame) => {
        delivered.push({ userId: frame.userId, event: frame.frame });
        hub.deliver(frame);
      },
    },
  };
};
