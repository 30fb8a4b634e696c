import { DomainError, domainError, ERROR_CODES, isDomainError } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';

/** Every code of the table in docs/decisions.md section 4, copied from it. */
const DECISIONS_TABLE_CODES = [
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'ACCOUNT_BLOCKED',
  'FORBIDDEN',
  'VALIDATION_ERROR',
  'INVALID_ID',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'INVALID_CREDENTIALS',
  'TWO_FACTOR_REQUIRED',
  'INVALID_TWO_FACTOR_CODE',
  'INVALID_CURRENT_PASSWORD',
  'PENDING_ORDER_EXISTS',
  'NO_WALLET',
  'PRODUCT_NOT_FOUND',
  'INSUFFICIENT_STOCK',
  'ORDER_TOTAL_TOO_LOW',
  'ORDER_NOT_FOUND',
  'NOT_ORDER_OWNER',
  'ORDER_NOT_PENDING',
  'PAYMENT_IN_PROGRESS',
  'INSUFFICIENT_BALANCE',
  'PAYMENT_FAILED',
  'CHAIN_UNAVAILABLE',
  'INVALID_STATUS',
  'USER_NOT_FOUND',
  'CANNOT_BLOCK_ADMIN',
  'ORDER_ALREADY_REFUNDED',
  'ORDER_NOT_COMPLETED',
  'REFUND_IN_PROGRESS',
  'ADMIN_WALLET_NOT_CONFIGURED',
  'INSUFFICIENT_ADMIN_BALANCE',
  'MERCHANT_NOT_CONFIGURED',
  'INVALID_ADDRESS',
  'SESSION_NOT_FOUND',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
];

describe('ERROR_CODES', () => {
  it('contains every code of the docs/decisions.md section 4 table', () => {
    const known = new Set<string>(ERROR_CODES);
    expect(DECISIONS_TABLE_CODES.filter((code) => !known.has(code))).toEqual([]);
  });

  it('holds unique UPPER_SNAKE codes', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z]+(?:_[A-Z0-9]+)*$/);
  });
});

describe('DomainError', () => {
  it('carries a stable code, the human text and the data fields an answer shows beside them', () => {
    const error = domainError('PENDING_ORDER_EXISTS', 'You already have a pending order', {
      pendingOrderId: '507f1f77bcf86cd799439011',
    });
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DomainError');
    expect(error.code).toBe('PENDING_ORDER_EXISTS');
    expect(error.message).toBe('You already have a pending order');
    expect(error.data).toEqual({ pendingOrderId: '507f1f77bcf86cd799439011' });
  });

  it('has empty data when none is given', () => {
    expect(new DomainError('ORDER_NOT_FOUND', 'Order not found').data).toEqual({});
    expect(domainError('ORDER_NOT_FOUND', 'Order not found').data).toEqual({});
  });

  it('keeps several data fields side by side', () => {
    const error = new DomainError('INSUFFICIENT_BALANCE', 'Insufficient balance', {
      userBalance: 0.1,
      requiredAmount: 0.29,
      estimatedFee: 0,
    });
    expect(error.data).toEqual({ userBalance: 0.1, requiredAmount: 0.29, estimatedFee: 0 });
  });

  it('is recognised by isDomainError, and plain errors or look-alike objects are not', () => {
    expect(isDomainError(domainError('FORBIDDEN', 'Forbidden'))).toBe(true);
    const lookAlike = Object.assign(new Error('Forbidden'), { code: 'FORBIDDEN', data: {} });
    expect(isDomainError(lookAlike)).toBe(false);
    expect(isDomainError({ code: 'FORBIDDEN', message: 'Forbidden', data: {} })).toBe(false);
    expect(isDomainError(null)).toBe(false);
    expect(isDomainError('FORBIDDEN')).toBe(false);
  });
});
