import { act } from '@testing-library/react';
import type { AdminFrame, AdminRoomConnector, AdminRoomHandlers } from '../../src/shared/api/admin-room.js';

/** The admin room as a test drives it: frames are sent when the test says so. */
export const fakeRoom = () => {
  let handlers: AdminRoomHandlers | null = null;
  let opened = 0;
  let closed = 0;
  const connect: AdminRoomConnector = (given) => {
    handlers = given;
    opened += 1;
    return () => {
      handlers = null;
      closed += 1;
    };
  };
  const open = (): AdminRoomHandlers => {
    if (!handlers) throw new Error('the dashboard has no admin room open');
    return handlers;
  };
  return {
    connect,
    send: (frame: AdminFrame) => act(() => open().onFrame(frame)),
    resync: () => act(() => open().onResync()),
    get opened() {
      return opened;
    },
    get closed() {
      return closed;
    },
  };
};
