import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { register } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { connectSocket, wsUrl } from './realtime-fixtures.js';

/*
 * Bounded input on /api/ws: a frame over 4 KiB closes the socket with 1009 (the `ws` default
 * would buffer up to 100 MiB per frame), and frames up to it are read as before.
 */

const LIMIT = 4 * 1024;
type LogLine = Record<string, unknown>;
const lines: LogLine[] = [];

let h: TestApp;
let url: string;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  h = await createTestApp({ logStream: sink });
  url = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => h.close());

/** A `resume` frame of exactly `bytes` bytes (ASCII). */
const resumeFrameOf = (bytes: number): string => {
  const empty = JSON.stringify({ event: 'resume', data: '' });
  return JSON.stringify({ event: 'resume', data: 'x'.repeat(bytes - empty.length) });
};

describe('frame size', () => {
  it('closes with 1009 a socket that sends a frame one byte over 4 KiB, and logs no error', async () => {
    const user = await register(h.app);
    const socket = await connectSocket(url, { token: user.accessToken });
    expect(await socket.join(user.userId)).toMatchObject({ event: 'joined' });
    const frame = resumeFrameOf(LIMIT + 1);
    expect(Buffer.byteLength(frame)).toBe(LIMIT + 1);

    const raw = new WebSocket(wsUrl(url, user.accessToken));
    await new Promise((resolve) => raw.once('open', resolve));
    const closed = new Promise<number>((resolve) => raw.once('close', (code) => resolve(code)));
    raw.send(frame);
    expect(await closed).toBe(1009);
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(lines.some((line) => line.msg === 'websocket frame refused; closing')).toBe(true);

    // Only the offending socket closed: the other one of the same user still answers.
    expect(await socket.join(user.userId)).toMatchObject({ event: 'joined' });
    await socket.close();
  });

  it('reads a frame of exactly 4 KiB', async () => {
    const user = await register(h.app);
    const raw = new WebSocket(wsUrl(url, user.accessToken));
    await new Promise((resolve) => raw.once('open', resolve));
    const answer = new Promise<string>((resolve) => raw.once('message', (data) => resolve(String(data))));
    raw.send(resumeFrameOf(LIMIT));
    // Read and judged: an event id is at most 64 characters.
    expect(JSON.parse(await answer)).toEqual({
      event: 'error',
      data: { code: 'VALIDATION_ERROR', message: 'resume takes the last event id' },
    });
    expect(raw.readyState).toBe(WebSocket.OPEN);
    raw.close();
  });

  it('answers a frame nested 2,000 deep (within the size) as an unknown event, and stays open', async () => {
    const user = await register(h.app);
    const socket = await connectSocket(url, { token: user.accessToken });
    socket.send('join-user', JSON.parse(`${'['.repeat(2_000)}${']'.repeat(2_000)}`));
    await socket.frame((frame) => frame.event === 'error', 'error');
    expect(socket.frames).toEqual([
      { event: 'error', data: { code: 'VALIDATION_ERROR', message: 'Unknown event' } },
    ]);
    expect(await socket.join(user.userId)).toMatchObject({ event: 'joined' });
    await socket.close();
  });
});
