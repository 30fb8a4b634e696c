import { formatOrderNumber, parseOrderNumber } from '@trx-shop/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorOf, thrownBy, successOf } from './support/results.js';

describe('order numbers #TRX-<n>', () => {
  it('formats a sequence number as #TRX-<n>', () => {
    expect(formatOrderNumber(1)).toBe('#TRX-1');
    expect(formatOrderNumber(42)).toBe('#TRX-42');
    expect(formatOrderNumber(1_000_000)).toBe('#TRX-1000000');
  });

  it('refuses to format a sequence that is not a positive safe integer', () => {
    for (const sequence of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(thrownBy(() => formatOrderNumber(sequence)).code, String(sequence)).toBe('INTERNAL_ERROR');
    }
  });

  it('parses #TRX-<n> back to n', () => {
    expect(successOf(parseOrderNumber('#TRX-1'))).toBe(1);
    expect(successOf(parseOrderNumber('#TRX-42'))).toBe(42);
    expect(successOf(parseOrderNumber('#TRX-9007199254740991'))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('answers VALIDATION_ERROR for text that is not an order number', () => {
    const texts = [
      '',
      '#TRX-',
      '#TRX-0',
      '#TRX-01',
      '#TRX--1',
      '#TRX-1.5',
      '#TRX-1a',
      '#trx-1',
      'TRX-1',
      '#TRX 1',
      ' #TRX-1',
      '#TRX-1 ',
      '#TRX-9007199254740993',
      '#TRX-99999999999999999999',
    ];
    for (const text of texts) {
      expect(errorOf(parseOrderNumber(text)).code, text).toBe('VALIDATION_ERROR');
    }
  });

  it('round-trips every positive safe integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (sequence) => {
        const text = formatOrderNumber(sequence);
        expect(text).toBe(`#TRX-${sequence}`);
        expect(successOf(parseOrderNumber(text))).toBe(sequence);
      }),
      { numRuns: 1000 },
    );
  });
});
