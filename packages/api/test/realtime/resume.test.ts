import { eventually } from '@trx-shop/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  connectSocket,
  type Frame,
  framesNamed,
  logCompletion,
  type TestSocket,
} from './realtime-fixtures.js';

/*
 * Resuming after a disconnect (docs/api.md, "Real-time events"): frames carry the logged event's
 * id; a client that reconnects with the last id it saw receives every event of its rooms since
 * then, then live ones, with no gap and no duplicate.
 */

let h: TestApp;
let url: string;

beforeAll(async () => {
  h = await createTestApp();
  url = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
});

type Customer = Awaited<ReturnType<typeof register>>;

const confirmations = (socket: TestSocket): Frame[] => framesNamed(socket, 'transaction:confirmed');

/** Waits until the socket holds the frame of the event with `id`. */
const received = (socket: TestSocket, id: string) => socket.frame((frame) => frame.id === id, `frame ${id}`);

const joined = async (customer: Customer, lastEventId?: string) => {
  const socket = await connectSocket(url, {
    headers: customer.jar.header(),
    ...(lastEventId === undefined ? {} : { lastEventId }),
  });
  expect(await socket.join(customer.userId)).toMatchObject({ event: 'joined' });
  return socket;
};

describe('resuming with lastEventId', () => {
  it('sends what was missed since the id, in order, then live frames, each once', async () => {
    const customer = await register(h.app);
    const first = await joined(customer);
    const seen = [
      await logCompletion(h.store, customer.userId),
      await logCompletion(h.store, customer.userId),
    ];
    await received(first, seen[1]?.event.id ?? '');
    await first.close();
    expect(confirmations(first)).toEqual(seen.map(({ frame }) => frame));

    const missed = [
      await logCompletion(h.store, customer.userId),
      await logCompletion(h.store, customer.userId),
    ];
    const other = await register(h.app);
    await logCompletion(h.store, other.userId);
    const again = await joined(customer, seen[1]?.event.id);
    const live = await logCompletion(h.store, customer.userId);
    await received(again, live.event.id);

    expect(confirmations(again)).toEqual([...missed, live].map(({ frame }) => frame));
    await again.close();
  });

  it('takes the id from a resume frame sent before join-user', async () => {
    const customer = await register(h.app);
    const from = await logCompletion(h.store, customer.userId);
    const missed = await logCompletion(h.store, customer.userId);
    const socket = await connectSocket(url, { headers: customer.jar.header() });
    socket.send('resume', from.event.id);
    expect(await socket.join(customer.userId)).toMatchObject({ event: 'joined' });
    await received(socket, missed.event.id);
    const live = await logCompletion(h.store, customer.userId);
    await received(socket, live.event.id);

    expect(confirmations(socket)).toEqual([missed.frame, live.frame]);
    await socket.close();
  });

  it('meets no gap and no duplicate when events keep coming while it reconnects', async () => {
    const customer = await register(h.app);
    const logged: Awaited<ReturnType<typeof logCompletion>>[] = [];
    const producing = (async () => {
      for (let index = 0; index < 40; index += 1) {
        logged.push(await logCompletion(h.store, customer.userId));
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
    })();
    await eventually(
      async () => logged.length,
      (count) => count >= 10,
      'ten events logged',
    );
    const from = logged[4];
    const socket = await joined(customer, from?.event.id);
    await producing;
    const last = logged.at(-1);
    await received(socket, last?.event.id ?? '');

    expect(confirmations(socket).map((frame) => frame.id)).toEqual(
      logged.slice(5).map(({ event }) => event.id),
    );
    await socket.close();
  });

  it('tells a client whose id is not in the log (older than the retention, or unknown), then delivers live', async () => {
    const customer = await register(h.app);
    const unknownId = 'f'.repeat(24);
    const socket = await joined(customer, unknownId);
    const expired = await socket.frame((frame) => frame.event === 'resume:expired', 'resume:expired');
    expect(expired.data).toMatchObject({ lastEventId: unknownId, message: expect.stringMatching(/reload/) });
    const live = await logCompletion(h.store, customer.userId);
    await received(socket, live.event.id);
    expect(confirmations(socket)).toEqual([live.frame]);
    await socket.close();
  });

  it('answers VALIDATION_ERROR to a resume frame without an id, and stays open', async () => {
    const customer = await register(h.app);
    const socket = await connectSocket(url, { headers: customer.jar.header() });
    socket.send('resume', { lastEventId: 42 });
    const error = await socket.frame((frame) => frame.event === 'error', 'error');
    expect(error.data).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await socket.join(customer.userId)).toMatchObject({ event: 'joined' });
    await socket.close();
  });

  it("replays only the rooms the client may join: another user's id resumes nothing of theirs", async () => {
    const [owner, intruder] = [await register(h.app), await register(h.app)];
    const from = await logCompletion(h.store, intruder.userId);
    await logCompletion(h.store, owner.userId);
    const socket = await connectSocket(url, { headers: intruder.jar.header(), lastEventId: from.event.id });
    expect(await socket.join(owner.userId)).toEqual({ event: 'error', data: { code: 'FORBIDDEN' } });
    expect(await socket.join(intruder.userId)).toMatchObject({ event: 'joined' });
    const own = await logCompletion(h.store, intruder.userId);
    await received(socket, own.event.id);
    expect(confirmations(socket)).toEqual([own.frame]);
    await socket.close();
  });

  it('closes with 1013 when the replay cannot be read, so the client reconnects and resumes', async () => {
    const customer = await register(h.app);
    const from = await logCompletion(h.store, customer.userId);
    const log = h.store.eventLog;
    const realRead = log.readUserAfter;
    (log as { readUserAfter: typeof realRead }).readUserAfter = async () => {
      throw new Error('the store went away');
    };
    try {
      const socket = await connectSocket(url, { headers: customer.jar.header(), lastEventId: from.event.id });
      socket.send('join-user', customer.userId);
      expect(await socket.closed).toMatchObject({ code: 1013 });
    } finally {
      (log as { readUserAfter: typeof realRead }).readUserAfter = realRead;
    }
  });

  it('tells a client resuming from an event older than the retention, though the event is still logged', async () => {
    const before = h.clock.now();
    // The app's clock thirty days and a minute past the event (the default retention): events of
    // that time that concern no order may be gone.
    h.clock.set(new Date(Date.now() + 30 * 86_400_000 + 60_000));
    try {
      const customer = await register(h.app);
      const old = await logCompletion(h.store, customer.userId);
      const socket = await joined(customer, old.event.id);
      const expired = await socket.frame((frame) => frame.event === 'resume:expired', 'resume:expired');
      expect(expired.data).toMatchObject({ lastEventId: old.event.id });
      await socket.close();
    } finally {
      h.clock.set(before);
    }
  });
});
