import { describe, expect, it } from 'vitest';
import { referenceBlockOfReply } from '../src/reference-block.js';

const blockID = '0000000003a4f1c2' + '9b1f3e5d7c9a0b2d' + '4f6e8a0c2e4f6a8c0e2a4c6e8f0a2c4e';

describe('referenceBlockOfReply: the TAPOS reference of the head block', () => {
  it("takes the number's last two bytes, bytes 8-15 of the id, and expires a minute after the head", () => {
    const reply = {
      blockID,
      block_header: { raw_data: { number: 61_141_442, timestamp: 1_764_000_000_000 } },
    };
    expect(referenceBlockOfReply(reply)).toEqual({
      ref_block_bytes: (61_141_442 % 65_536).toString(16).padStart(4, '0'),
      ref_block_hash: '9b1f3e5d7c9a0b2d',
      timestamp: 1_764_000_000_000,
      expiration: 1_764_000_060_000,
    });
  });

  it('reads an absent number as block 0, as java-tron omits defaults', () => {
    const reply = { blockID, block_header: { raw_data: { timestamp: 5 } } };
    expect(referenceBlockOfReply(reply).ref_block_bytes).toBe('0000');
  });

  it.each([
    ['a java-tron Error object', { Error: 'class java.lang.NullPointerException : null' }],
    ['no blockID', { block_header: { raw_data: { number: 1, timestamp: 5 } } }],
    ['no timestamp', { blockID, block_header: { raw_data: { number: 1 } } }],
    ['text', 'not a block'],
  ])('refuses %s', (_, reply) => {
    expect(() => referenceBlockOfReply(reply)).toThrow();
  });
});
