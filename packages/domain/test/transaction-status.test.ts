import {
  CONFIRMATIONS_ON_CONFIRM,
  isTransactionStatus,
  isTransactionType,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionEvent,
  type TransactionStatus,
  transitionTransaction,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { errorOf } from './support/results.js';

const STATUSES: readonly TransactionStatus[] = ['pending', 'confirmed', 'failed'];
const EVENTS: readonly TransactionEvent[] = [{ type: 'included' }, { type: 'rejected-or-expired' }];

describe('transaction statuses and types', () => {
  it('are the ones of the specification', () => {
    expect([...TRANSACTION_STATUSES].sort()).toEqual(['confirmed', 'failed', 'pending']);
    // The specification's four, and `fee`: the TRX a sent transfer burned (docs/api.md, "Fees").
    expect([...TRANSACTION_TYPES].sort()).toEqual(['deposit', 'fee', 'purchase', 'refund', 'withdrawal']);
    expect(STATUSES.every(isTransactionStatus)).toBe(true);
    expect(['Pending', 'expired', '', null].some(isTransactionStatus)).toBe(false);
    expect(['purchase', 'refund', 'deposit', 'withdrawal'].every(isTransactionType)).toBe(true);
    expect(['payment', 'Refund', '', 0].some(isTransactionType)).toBe(false);
  });

  it('records 21 confirmations on confirmation', () => {
    expect(CONFIRMATIONS_ON_CONFIRM).toBe(21);
  });
});

describe('transitionTransaction', () => {
  it('confirms a pending transaction once the chain includes it', () => {
    expect(transitionTransaction('pending', { type: 'included' })).toEqual({ ok: true, value: 'confirmed' });
  });

  it('fails a pending transaction the node rejected or that expired', () => {
    expect(transitionTransaction('pending', { type: 'rejected-or-expired' })).toEqual({
      ok: true,
      value: 'failed',
    });
  });

  it('answers TRANSACTION_NOT_PENDING to every event on a confirmed or failed transaction', () => {
    for (const from of STATUSES.filter((status) => status !== 'pending')) {
      for (const event of EVENTS) {
        expect(errorOf(transitionTransaction(from, event)).code, `${from}/${event.type}`).toBe(
          'TRANSACTION_NOT_PENDING',
        );
      }
    }
  });
});
