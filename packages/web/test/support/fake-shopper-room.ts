import { act } from '@testing-library/react';
import type {
  ShopperEventsConnector,
  ShopperEventsHandlers,
  ShopperFrame,
} from '../../src/shared/api/shopper-events.js';

/** The shopper's real-time room as a test drives it: frames are sent when the test says so. */
export const fakeShopperRoom = () => {
  let handlers: ShopperEventsHandlers | null = null;
  let joinedAs: string | null = null;
  const connect: ShopperEventsConnector = (userId, given) => {
    handlers = given;
    joinedAs = userId;
    return () => {
      handlers = null;
    };
  };
  const open = (): ShopperEventsHandlers => {
    if (!handlers) throw new Error('the page has no shopper room open');
    return handlers;
  };
  return {
    connect,
    send: (frame: ShopperFrame) => act(() => open().onFrame(frame)),
    get joinedAs() {
      return joinedAs;
    },
  };
};
