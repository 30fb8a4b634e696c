import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHttpClient } from '../src/node-http.js';

/*
 * A node's reply arrives in several chunks; the client decodes them one by one. A character
 * split between two chunks must come out whole.
 */

const reply = { memo: 'crème brûlée 🍮', amount: 1_000_000 };

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const bytes = Buffer.from(JSON.stringify(reply), 'utf8');
    const split = bytes.indexOf(Buffer.from('🍮', 'utf8')) + 2;
    response.writeHead(request.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' });
    // Two writes, flushed apart, the emoji's four bytes cut in half between them.
    response.write(bytes.subarray(0, split));
    setTimeout(() => response.end(bytes.subarray(split)), 20);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the node HTTP client', () => {
  it('reads a UTF-8 reply whose character is split between two chunks', async () => {
    const post = nodeHttpClient({ fullHost: base, timeoutMs: 5_000 });
    expect(await post('wallet/anything', '{}')).toEqual(reply);
  });

  it('reads a reply as Latin-1 when asked: ASCII exactly, other bytes as single characters', async () => {
    const post = nodeHttpClient({ fullHost: base, timeoutMs: 5_000 });
    const read = (await post('walletsolidity/getblockbynum', '{}', 'latin1')) as typeof reply;
    expect(read.amount).toBe(reply.amount);
    expect(read.memo).toBe(Buffer.from(reply.memo, 'utf8').toString('latin1'));
  });

  it('rejects a non-2xx answer with its status', async () => {
    const post = nodeHttpClient({ fullHost: base, timeoutMs: 5_000 });
    await expect(post('missing', '{}')).rejects.toThrow('HTTP 404');
  });
});
