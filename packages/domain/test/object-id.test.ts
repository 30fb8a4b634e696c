import { isObjectId } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';

describe('isObjectId', () => {
  it('accepts 24 hexadecimal characters', () => {
    expect(isObjectId('507f1f77bcf86cd799439011')).toBe(true);
    expect(isObjectId('000000000000000000000000')).toBe(true);
    expect(isObjectId('ffffffffffffffffffffffff')).toBe(true);
  });

  it('refuses other lengths, non-hex characters and non-strings', () => {
    const values: unknown[] = [
      '507f1f77bcf86cd79943901',
      '507f1f77bcf86cd7994390111',
      '507f1f77bcf86cd79943901g',
      ' 507f1f77bcf86cd799439011',
      '507f1f77bcf86cd799439011\n',
      '#TRX-1',
      '',
      null,
      undefined,
      507,
      { toString: () => '507f1f77bcf86cd799439011' },
    ];
    for (const value of values) expect(isObjectId(value), String(value)).toBe(false);
  });
});
