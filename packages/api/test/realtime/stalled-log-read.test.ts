import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@trx-shop/test-kit';
import { register } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { connectSocket, framesNamed, logCompletion } from './realtime-fixtures.js';

/*
 * A store call that never settles (a database connection lost without an error) must not stop
 * this instance's live frames: the reader abandons a pump still reading after its deadline, logs
 * it, and the next poll delivers what the log gained, once.
 */
const DEADLINE_MS = 300;
const logLines: Array<{ msg?: string; err?: string }> = [];
let h: TestApp;
let url: string;

beforeAll(async () => {
  h = await createTestApp({
    eventPollIntervalMs: 20,
    eventReadDeadlineMs: DEADLINE_MS,
    logStream: { write: (line) => logLines.push(JSON.parse(line) as { msg?: string; err?: string }) },
  });
  url = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
});

describe('a read of the event log that never settles', () => {
  it('is abandoned after its deadline, and the frames logged meanwhile arrive once', async () => {
    const user = await register(h.app);
    const socket = await connectSocket(url, { token: user.accessToken });
    expect(await socket.join(user.userId)).toMatchObject({ event: 'joined' });

    const { eventLog } = h.store;
    const readAfter = eventLog.readAfter;
    let stalledReads = 0;
    // Injected fault: the next read of the log hangs for good.
    eventLog.readAfter = () => {
      eventLog.readAfter = readAfter;
      stalledReads += 1;
      return new Promise(() => {});
    };
    try {
      await eventually(
        async () => stalledReads,
        (count) => count === 1,
        'a read of the log that hangs',
        2_000,
        10,
      );
      const first = await logCompletion(h.store, user.userId);
      const second = await logCompletion(h.store, user.userId);
      await socket.frame((frame) => frame.id === second.frame.id, 'the frame logged after the stall');

      expect(framesNamed(socket, 'transaction:confirmed')).toEqual([first.frame, second.frame]);
      expect(
        logLines.filter(
          (line) => line.msg === 'reading the event log failed; retrying' && /abandoned/.test(line.err ?? ''),
        ),
      ).toHaveLength(1);
    } finally {
      eventLog.readAfter = readAfter;
      await socket.close();
    }
  });
});
