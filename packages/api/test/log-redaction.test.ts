import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

/*
 * What the logger prints of the objects a log call carries: secret fields (passwords and their
 * hashes, keys, TOTP secrets and codes) as "[redacted]", everything else as given, and the
 * caller's objects unchanged. The process-level test (process/log-redaction.test.ts) searches a
 * whole trace-level log of a purchase for the secrets themselves.
 */

const CENSOR = '[redacted]';
let h: TestApp;
// biome-ignore lint/suspicious/noExplicitAny: parsed JSON lines, read field by field
type LogLine = Record<string, any>;
const lines: LogLine[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  h = await createTestApp({ logStream: sink });
});
afterAll(async () => {
  await h.close();
});

const lineWithMessage = (message: string) => {
  const found = lines.filter((line) => line.msg === message);
  expect(found, message).toHaveLength(1);
  return found[0] as LogLine;
};

describe('log redaction', () => {
  it('censors every secret field of a logged object and keeps the others', () => {
    const body = {
      email: 'buyer@example.com',
      password: 'correct horse battery',
      currentPassword: 'old horse',
      newPassword: 'new horse',
      code: '123456',
    };
    const user = {
      id: 'user-1',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def',
      privateKey: 'a'.repeat(64),
      encryptedPrivateKey: 'sealed-key',
      secret: 'JBSWY3DPEHPK3PXP',
      encryptedSecret: 'sealed-secret',
    };
    h.app.log.info({ body, user, attempt: 3, note: 'password' }, 'secrets in objects');

    const line = lineWithMessage('secrets in objects');
    expect(line.body).toEqual({
      email: 'buyer@example.com',
      password: CENSOR,
      currentPassword: CENSOR,
      newPassword: CENSOR,
      code: CENSOR,
    });
    expect(line.user).toEqual({
      id: 'user-1',
      passwordHash: CENSOR,
      privateKey: CENSOR,
      encryptedPrivateKey: CENSOR,
      secret: CENSOR,
      encryptedSecret: CENSOR,
    });
    expect(line.attempt).toBe(3);
    expect(line.note).toBe('password');
    // The caller's objects are the caller's: the log does not write into them.
    expect(body.password).toBe('correct horse battery');
    expect(user.privateKey).toBe('a'.repeat(64));
  });

  it('censors an error’s own secret fields and keeps it an error (type, message, stack)', () => {
    const error = Object.assign(new TypeError('the second factor did not match'), {
      code: '654321',
      attempts: 2,
    });
    h.app.log.error({ err: error }, 'an error with a code');

    const line = lineWithMessage('an error with a code');
    expect(line.err.type).toBe('TypeError');
    expect(line.err.message).toBe('the second factor did not match');
    expect(line.err.stack).toContain('the second factor did not match');
    expect(line.err.code).toBe(CENSOR);
    expect(line.err.attempts).toBe(2);
    expect(error.code).toBe('654321');
  });

  it('prints an error’s code when it names the error’s kind, never a code of digits', () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const refused = Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' });
    h.app.log.error({ err: busy, cause: refused, body: { code: '0042' } }, 'errors with kinds');

    const line = lineWithMessage('errors with kinds');
    expect(line.err.code).toBe('SQLITE_BUSY');
    expect(line.err.message).toBe('database is locked');
    expect(line.cause.code).toBe('ECONNREFUSED');
    expect(line.body).toEqual({ code: CENSOR });
    // Lower case, a leading digit or other characters are not an error's name: censored.
    h.app.log.info(
      { a: { code: 'abc123' }, b: { code: '1ABC' }, c: { code: 'AB-12' }, d: { code: 42 } },
      'odd',
    );
    const odd = lineWithMessage('odd');
    for (const key of ['a', 'b', 'c', 'd']) expect(odd[key]).toEqual({ code: CENSOR });
  });

  it('prints no authorization header or cookie of a request, in its lines or a child logger’s', async () => {
    const token = 'Bearer eyJsecret.token.value';
    const cookie = 'refreshToken=refresh-secret-value';
    const answer = await h.app.inject({
      url: '/api/health',
      headers: { authorization: token, cookie, 'x-request-id': 'redaction-1' },
    });
    expect(answer.statusCode).toBe(200);
    const ofRequest = lines.filter((line) => line.reqId === 'redaction-1');
    expect(ofRequest.map((line) => line.msg)).toContain('request completed');
    const printed = JSON.stringify(ofRequest);
    expect(printed).not.toContain('eyJsecret');
    expect(printed).not.toContain('refresh-secret-value');

    const child = h.app.log.child({ reqId: 'redaction-2' });
    child.info({ body: { password: 'child line secret' } }, 'from a child logger');
    const line = lineWithMessage('from a child logger');
    expect(line.reqId).toBe('redaction-2');
    expect(line.body).toEqual({ password: CENSOR });
  });
});
