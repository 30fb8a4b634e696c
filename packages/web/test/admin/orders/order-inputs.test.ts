import { describe, expect, it } from 'vitest';
import { checkRefundAmount, checkTxid } from '../../../src/admin/features/orders/utils/action-input.js';
import { lineTotal } from '../../../src/admin/features/orders/utils/order-amounts.js';
import { salesFiltersOf, salesSearchOf } from '../../../src/admin/features/orders/utils/sales-filters.js';

describe('a refund amount as typed', () => {
  it.each([
    ['', undefined],
    [' 1.5 ', '1.5'],
    ['0.000001', '0.000001'],
    ['100', '100'],
  ])('%j is sent as %j', (typed, sent) => {
    expect(checkRefundAmount(typed)).toEqual({ ok: true, value: sent });
  });

  it.each([
    ['1.1234567', 'TRX has at most 6 decimals'],
    ['0', 'The amount must be above 0'],
    ['0.000000', 'The amount must be above 0'],
    ['-1', 'Enter an amount in TRX, like 1.5'],
    ['1,5', 'Enter an amount in TRX, like 1.5'],
    ['1e3', 'Enter an amount in TRX, like 1.5'],
  ])('%j is refused: %s', (typed, error) => {
    expect(checkRefundAmount(typed)).toEqual({ ok: false, error });
  });
});

describe('a txid as typed', () => {
  it('is 64 hexadecimal characters, either case', () => {
    expect(checkTxid(` ${'aB'.repeat(32)} `)).toEqual({ ok: true, value: 'aB'.repeat(32) });
    expect(checkTxid('a'.repeat(63)).ok).toBe(false);
    expect(checkTxid(`${'a'.repeat(63)}g`).ok).toBe(false);
  });
});

describe('a line total', () => {
  it('is counted in SUN, so a tenth of a TRX three times is three tenths', () => {
    expect(lineTotal(0.1, 3)).toBe(0.3);
    expect(lineTotal(0.000001, 7)).toBe(0.000007);
    expect(lineTotal(149.5, 2)).toBe(299);
  });
});

describe("the orders list's address", () => {
  it('keeps every filter and the page, and drops what names no status, day or page', () => {
    const filters = salesFiltersOf(
      new URLSearchParams('status=pending&from=2026-01-31&to=2026-02-28&page=4'),
    );
    expect(filters).toEqual({ status: 'pending', fromDay: '2026-01-31', toDay: '2026-02-28', page: 4 });
    expect(salesSearchOf(filters).toString()).toBe('status=pending&from=2026-01-31&to=2026-02-28&page=4');

    expect(salesFiltersOf(new URLSearchParams('status=shipped&from=2026-02-31&to=yesterday&page=0'))).toEqual(
      {
        status: undefined,
        fromDay: undefined,
        toDay: undefined,
        page: 1,
      },
    );
    expect(salesSearchOf({ page: 1 }).toString()).toBe('');
  });
});
