import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base58OfHexAddress } from '../src/base58-address.js';
import { TronWeb } from '../src/tronweb-library.js';

// TronWeb's own conversion is the independent reference the fast one must agree with.
describe('base58OfHexAddress', () => {
  it('writes every address exactly as TronWeb does, including extreme bytes', () => {
    const hexes = [
      `41${'00'.repeat(20)}`,
      `41${'ff'.repeat(20)}`,
      ...Array.from({ length: 500 }, () => `41${randomBytes(20).toString('hex')}`),
    ];
    for (const hex of hexes) expect(base58OfHexAddress(hex)).toBe(TronWeb.address.fromHex(hex));
  });

  it('accepts upper-case hex as java-tron may print it', () => {
    const hex = `41${randomBytes(20).toString('hex')}`;
    expect(base58OfHexAddress(hex.toUpperCase())).toBe(TronWeb.address.fromHex(hex));
  });

  it('refuses what is not a 41-prefixed 21-byte hex address', () => {
    for (const bad of ['', '41', `42${'00'.repeat(20)}`, `41${'zz'.repeat(20)}`, `41${'00'.repeat(21)}`])
      expect(() => base58OfHexAddress(bad)).toThrow(/not a 41-prefixed/);
  });
});
