import { describe, expect, it } from 'vitest';
import { knownAccounts } from '../src/known-accounts.js';

describe('known accounts', () => {
  it('remembers what it was told and forgets the oldest half once full', () => {
    const known = knownAccounts(4);
    for (const address of ['a', 'b', 'c', 'd']) known.remember(address);
    expect(['a', 'b', 'c', 'd'].map(known.has)).toEqual([true, true, true, true]);
    known.remember('e');
    expect(['a', 'b', 'c', 'd', 'e'].map(known.has)).toEqual([false, false, true, true, true]);
    expect(known.has('never told')).toBe(false);
  });
});
