import type { Page, WebSocket } from 'playwright-core';

/** Generous: the service and Chromium share a busy machine. */
const JOIN_DEADLINE_MS = 20_000;

const isShopperJoined = (payload: string | Buffer): boolean => {
  try {
    const frame = JSON.parse(String(payload)) as { event?: unknown; data?: { room?: unknown } };
    return frame.event === 'joined' && typeof frame.data?.room === 'string' && frame.data.room !== 'admin';
  } catch {
    return false;
  }
};

/**
 * Resolves once a socket the page opens from now on has joined a shopper's own room (the server's
 * `joined` frame): call it before the page opens the socket, await it before making the change a
 * frame should bring, so the test proves the page followed the frame.
 */
export const shopperRoomJoined = (page: Page): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const deadline = setTimeout(() => {
      page.off('websocket', onSocket);
      reject(new Error(`no socket of ${page.url()} joined a shopper's room within ${JOIN_DEADLINE_MS} ms`));
    }, JOIN_DEADLINE_MS);
    const onSocket = (socket: WebSocket) => {
      socket.on('framereceived', ({ payload }) => {
        if (!isShopperJoined(payload)) return;
        clearTimeout(deadline);
        page.off('websocket', onSocket);
        resolve();
      });
    };
    page.on('websocket', onSocket);
  });
