import { describe, expect, it } from 'vitest';
import { createVerifiedTokens } from '../../src/caching/verified-tokens.js';

describe('verified tokens', () => {
  it('answers only the exact token it was given, with a frozen copy of its payload', () => {
    const verified = createVerifiedTokens(10);
    const payload = { sub: 'user-1', typ: 'access' };
    verified.remember('header.payload.signature', payload);
    payload.sub = 'changed by the caller';

    expect(verified.payloadOf('header.payload.signature')).toEqual({ sub: 'user-1', typ: 'access' });
    expect(Object.isFrozen(verified.payloadOf('header.payload.signature'))).toBe(true);
    expect(verified.payloadOf('header.payload.signaturE')).toBeUndefined();
    expect(verified.payloadOf('header.payload.signature ')).toBeUndefined();
    expect(verified.payloadOf('header.payload')).toBeUndefined();
  });

  it('drops the least recently used token beyond its capacity', () => {
    const verified = createVerifiedTokens(2);
    verified.remember('a', { n: 1 });
    verified.remember('b', { n: 2 });
    expect(verified.payloadOf('a')).toEqual({ n: 1 });
    verified.remember('c', { n: 3 });

    expect(verified.payloadOf('b')).toBeUndefined();
    expect(verified.payloadOf('a')).toEqual({ n: 1 });
    expect(verified.payloadOf('c')).toEqual({ n: 3 });
    verified.remember('d', { n: 4 });
    expect(verified.payloadOf('a')).toBeUndefined();
    expect(verified.payloadOf('c')).toEqual({ n: 3 });
    expect(verified.payloadOf('d')).toEqual({ n: 4 });
  });
});
