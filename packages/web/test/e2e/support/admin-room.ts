import type { Page, WebSocket } from 'playwright-core';

/** Generous: the service and Chromium share a busy machine. */
const JOIN_DEADLINE_MS = 20_000;

const isAdminJoined = (payload: string | Buffer): boolean => {
  try {
    const frame = JSON.parse(String(payload)) as { event?: unknown; data?: { room?: unknown } };
    return frame.event === 'joined' && frame.data?.room === 'admin';
  } catch {
    return false;
  }
};

/**
 * Resolves once a socket the page opens from now on has joined the admin room (the server's
 * `joined` frame): a frame sent before that would never reach the page, so tests wait for it.
 */
export const adminRoomJoined = (page: Page): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const deadline = setTimeout(() => {
      page.off('websocket', onSocket);
      reject(new Error(`no socket of ${page.url()} joined the admin room within ${JOIN_DEADLINE_MS} ms`));
    }, JOIN_DEADLINE_MS);
    const onSocket = (socket: WebSocket) => {
      socket.on('framereceived', ({ payload }) => {
        if (!isAdminJoined(payload)) return;
        clearTimeout(deadline);
        page.off('websocket', onSocket);
        resolve();
      });
    };
    page.on('websocket', onSocket);
  });

/** A mark on the page's window: still there later means the page was never reloaded or left. */
export const markWindow = (page: Page): Promise<void> =>
  page.evaluate(() => {
    (window as unknown as { noReloadMark?: string }).noReloadMark = 'set before';
  });

export const windowStillMarked = (page: Page): Promise<boolean> =>
  page.evaluate(() => (window as unknown as { noReloadMark?: string }).noReloadMark === 'set before');
