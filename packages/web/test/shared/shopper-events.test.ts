import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectShopperEvents, type ShopperFrame } from '../../src/shared/api/shopper-events.js';

const SHOPPER_ID = '6760c0f4a1b2c3d4e5f60701';
const ORDER_ID = '6760c0f4a1b2c3d4e5f60730';

type Listener = (event: { code?: number; reason?: string; data?: unknown }) => void;

/** The browser's WebSocket as a test drives it: every socket the page opens, and what it sent. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  readyState = 0;
  readonly sent: string[] = [];
  private readonly listeners = new Map<string, Listener[]>();

  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  send(data: string) {
    this.sent.push(data);
  }

  close(code = 1000, reason = '') {
    this.drop(code, reason);
  }

  private emit(type: string, event: Parameters<Listener>[0]) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  open() {
    this.readyState = 1;
    this.emit('open', {});
  }

  receive(frame: unknown) {
    this.emit('message', { data: JSON.stringify(frame) });
  }

  /** The connection is lost (the server, a proxy or the network closed it). */
  drop(code = 1006, reason = '') {
    this.readyState = 3;
    this.emit('close', { code, reason });
  }
}

const joined = { event: 'joined', data: { room: `user:${SHOPPER_ID}` } };
const confirmed = (id: string) => ({
  event: 'transaction:confirmed',
  id,
  data: {
    orderId: ORDER_ID,
    txHash: 'ab'.repeat(32),
    message: 'Payment confirmed',
    timestamp: '2026-03-01T10:31:00.000Z',
  },
});

const socket = (index: number): FakeSocket => {
  const found = FakeSocket.opened[index];
  if (!found) throw new Error(`socket ${index} was not opened`);
  return found;
};

const open = () => {
  const frames: ShopperFrame[] = [];
  const onResync = vi.fn();
  const close = connectShopperEvents(SHOPPER_ID, { onFrame: (frame) => frames.push(frame), onResync });
  return { frames, onResync, close };
};

beforeEach(() => {
  FakeSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the shopper's room after a dropped socket", () => {
  it('reads everything again when it rejoins after a drop that came before any frame, since nothing can be replayed', async () => {
    const room = open();
    await vi.waitFor(() => socket(0));
    socket(0).open();
    expect(socket(0).sent).toEqual([JSON.stringify({ event: 'join-user', data: SHOPPER_ID })]);
    socket(0).receive(joined);
    expect(room.onResync).toHaveBeenCalledTimes(1);

    socket(0).drop();
    await vi.waitFor(() => socket(1));
    expect(new URL(socket(1).url).searchParams.has('lastEventId')).toBe(false);
    socket(1).open();
    socket(1).receive(joined);

    expect(room.onResync).toHaveBeenCalledTimes(2);
    room.close();
  });

  it('resumes from the last frame’s id after a drop: the missed frame once, a repeated one dropped, nothing read again', async () => {
    const room = open();
    await vi.waitFor(() => socket(0));
    socket(0).open();
    socket(0).receive(joined);
    socket(0).receive(confirmed('e1'));

    socket(0).drop();
    await vi.waitFor(() => socket(1));
    expect(new URL(socket(1).url).searchParams.get('lastEventId')).toBe('e1');
    socket(1).open();
    socket(1).receive(joined);
    socket(1).receive(confirmed('e1'));
    socket(1).receive(confirmed('e2'));

    expect(room.frames).toEqual([
      { event: 'transaction:confirmed', id: 'e1', orderId: ORDER_ID },
      { event: 'transaction:confirmed', id: 'e2', orderId: ORDER_ID },
    ]);
    expect(room.onResync).toHaveBeenCalledTimes(1);
    room.close();
  });
});
