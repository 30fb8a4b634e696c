import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addressMemo } from '../src/address-memo.js';
import { TronWeb } from '../src/tronweb-library.js';

const randomHex = () => `41${randomBytes(20).toString('hex')}`;

/** TronWeb's own conversion, counted: the independent reference, and how often it was needed. */
const countedTronWeb = () => {
  const converted: string[] = [];
  return {
    converted,
    convert: (hex: string) => {
      converted.push(hex);
      return TronWeb.address.fromHex(hex);
    },
  };
};

describe('addressMemo', () => {
  it('answers what TronWeb answers, first time and remembered, across generation turnovers', () => {
    const memo = addressMemo(8);
    const hexes = Array.from({ length: 40 }, randomHex);
    for (let round = 0; round < 3; round += 1) {
      for (const hex of hexes) expect(memo.base58Of(hex)).toBe(TronWeb.address.fromHex(hex));
    }
  });

  it('converts a repeated address once while it stays in use, and holds at most two generations', () => {
    const reference = countedTronWeb();
    const memo = addressMemo(4, reference.convert);
    const busy = randomHex();
    const others = Array.from({ length: 100 }, randomHex);
    for (const other of others) {
      expect(memo.base58Of(busy)).toBe(TronWeb.address.fromHex(busy));
      expect(memo.base58Of(other)).toBe(TronWeb.address.fromHex(other));
      expect(memo.size()).toBeLessThanOrEqual(8);
    }
    expect(reference.converted.filter((hex) => hex === busy)).toHaveLength(1);
    expect(reference.converted).toHaveLength(1 + others.length);
    // Long forgotten by now: the first of the others is converted again.
    memo.base58Of(others[0] as string);
    expect(reference.converted).toHaveLength(2 + others.length);
  });

  it('refuses what is not an address, and remembers nothing for it', () => {
    const memo = addressMemo(4);
    expect(() => memo.base58Of(`42${'00'.repeat(20)}`)).toThrow(/not a 41-prefixed/);
    expect(memo.size()).toBe(0);
  });
});
