import { normalizePageRequest, offsetOf, pageOf } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { errorOf, successOf } from './support/results.js';

describe('normalizePageRequest', () => {
  it('defaults limit to 10 and page to 1', () => {
    expect(successOf(normalizePageRequest(undefined, undefined))).toEqual({ limit: 10, page: 1 });
  });

  it('takes numbers and numeric query strings as given inside the allowed range', () => {
    expect(successOf(normalizePageRequest(25, 3))).toEqual({ limit: 25, page: 3 });
    expect(successOf(normalizePageRequest('25', '3'))).toEqual({ limit: 25, page: 3 });
    expect(successOf(normalizePageRequest('1', '1'))).toEqual({ limit: 1, page: 1 });
    expect(successOf(normalizePageRequest('100', '250'))).toEqual({ limit: 100, page: 250 });
  });

  it('clamps limit to 1..100', () => {
    expect(successOf(normalizePageRequest(0, 1)).limit).toBe(1);
    expect(successOf(normalizePageRequest('-5', 1)).limit).toBe(1);
    expect(successOf(normalizePageRequest(101, 1)).limit).toBe(100);
    expect(successOf(normalizePageRequest('1000000', 1)).limit).toBe(100);
  });

  it('raises a page below 1 to 1', () => {
    expect(successOf(normalizePageRequest(10, 0)).page).toBe(1);
    expect(successOf(normalizePageRequest(10, '-3')).page).toBe(1);
  });

  it('answers VALIDATION_ERROR naming limit when limit is not a number', () => {
    for (const limit of ['abc', '12abc', 'NaN', Number.NaN, ['10', '20'], {}, true]) {
      const error = errorOf(normalizePageRequest(limit, 1));
      expect(error.code, JSON.stringify(limit)).toBe('VALIDATION_ERROR');
      expect(error.data).toMatchObject({ details: [{ field: 'limit' }] });
    }
  });

  it('answers VALIDATION_ERROR naming page when page is not a number', () => {
    for (const page of ['two', '1x', Number.NaN, ['1'], {}]) {
      const error = errorOf(normalizePageRequest(10, page));
      expect(error.code, JSON.stringify(page)).toBe('VALIDATION_ERROR');
      expect(error.data).toMatchObject({ details: [{ field: 'page' }] });
    }
  });
});

describe('pages and offsets', () => {
  it('counts pages as total divided by limit, rounded up', () => {
    expect(pageOf(['a'], 21, { limit: 10, page: 3 })).toEqual({
      items: ['a'],
      total: 21,
      page: 3,
      limit: 10,
      pages: 3,
    });
    expect(pageOf([], 20, { limit: 10, page: 1 }).pages).toBe(2);
    expect(pageOf([], 0, { limit: 10, page: 1 }).pages).toBe(0);
    expect(pageOf([], 1, { limit: 100, page: 1 }).pages).toBe(1);
  });

  it('skips (page - 1) * limit items', () => {
    expect(offsetOf({ limit: 10, page: 1 })).toBe(0);
    expect(offsetOf({ limit: 10, page: 3 })).toBe(20);
    expect(offsetOf({ limit: 25, page: 4 })).toBe(75);
  });
});
