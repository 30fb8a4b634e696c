import { describe, expect, it } from 'vitest';
import { createVerifiedTokenMemo } from '../src/auth/verified-token-memo.js';

describe('verified token memo', () => {
  it('answers only the exact token it was given, with a copy of its payload', () => {
    const memo = createVerifiedTokenMemo(10);
    const payload = { sub: 'user-1', typ: 'access' };
    memo.remember('header.payload.signature', payload);
    payload.sub = 'changed by the caller';

    expect(memo.payloadOf('header.payload.signature')).toEqual({ sub: 'user-1', typ: 'access' });
    expect(Object.isFrozen(memo.payloadOf('header.payload.signature'))).toBe(true);
    expect(memo.payloadOf('header.payload.signaturE')).toBeUndefined();
    expect(memo.payloadOf('header.payload.signature ')).toBeUndefined();
    expect(memo.payloadOf('header.payload')).toBeUndefined();
  });

  it('drops the least recently used token beyond its capacity', () => {
    const memo = createVerifiedTokenMemo(2);
    memo.remember('a', { n: 1 });
    memo.remember('b', { n: 2 });
    expect(memo.payloadOf('a')).toEqual({ n: 1 });
    memo.remember('c', { n: 3 });

    expect(memo.payloadOf('b')).toBeUndefined();
    expect(memo.payloadOf('a')).toEqual({ n: 1 });
    expect(memo.payloadOf('c')).toEqual({ n: 3 });
    memo.remember('d', { n: 4 });
    expect(memo.payloadOf('a')).toBeUndefined();
    expect(memo.payloadOf('c')).toEqual({ n: 3 });
    expect(memo.payloadOf('d')).toEqual({ n: 4 });
  });
});
