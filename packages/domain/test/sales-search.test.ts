import { orderNumberSearched } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';

describe('orderNumberSearched', () => {
  it('reads #TRX-<n> in any case, with or without the #', () => {
    expect(orderNumberSearched('#TRX-42')).toBe(42);
    expect(orderNumberSearched('#trx-7')).toBe(7);
    expect(orderNumberSearched('TRX-1')).toBe(1);
    expect(orderNumberSearched('tRx-9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('answers null for anything an order number is not', () => {
    for (const search of [
      '',
      'alice',
      '42',
      '#TRX-',
      '#TRX-0',
      '#TRX-01',
      '#TRX-4a',
      ' #TRX-4',
      '#TRX-4 ',
      '##TRX-4',
      '#TRX-9007199254740992',
    ]) {
      expect(orderNumberSearched(search), JSON.stringify(search)).toBeNull();
    }
  });
});
