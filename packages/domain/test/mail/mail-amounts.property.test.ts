import { type MailContent, parseTrxAmount, renderMail, type Sun } from '@trx-shop/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { successOf } from '../support/results.js';
import { alice, exactTrx, shop } from './mail-fixtures.js';

const safeSun = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

/** Mails whose text shows `amount` on a line of its own, after `label: `. */
const amountMails: readonly (readonly [string, (amount: Sun) => MailContent])[] = [
  ['Amount', (amount) => ({ template: 'deposit-received', amount, txid: 't' })],
  [
    'Amount',
    (amount) => ({
      template: 'refund-confirmed',
      orderId: 'o',
      orderNumber: '#TRX-1',
      amount,
      reason: '',
      txid: 't',
    }),
  ],
  ['Amount', (amount) => ({ template: 'withdrawal-confirmed', amount, toAddress: 'T', txid: 't' })],
  ['Amount', (amount) => ({ template: 'withdrawal-failed', amount, toAddress: 'T', reason: 'r' })],
  [
    'Total',
    (total) => ({ template: 'order-paid', orderId: 'o', orderNumber: '#TRX-1', lines: [], total, txid: 't' }),
  ],
  [
    'Total',
    (total) => ({
      template: 'merchant-order-paid',
      orderId: 'o',
      orderNumber: '#TRX-1',
      customer: 'c',
      total,
      txid: 't',
    }),
  ],
  ['Balance', (balance) => ({ template: 'merchant-low-balance', balance, threshold: 0 })],
];

describe('amounts in mail', () => {
  it('render any SUN amount as TRX text that parses back to the same SUN', () => {
    fc.assert(
      fc.property(safeSun, fc.constantFrom(...amountMails), (sun, [label, contentOf]) => {
        const mail = renderMail(contentOf(sun), alice, shop);
        const shown = new RegExp(`^${label}: (\\S+) TRX$`, 'm').exec(mail.text)?.[1];
        expect(shown).toBeDefined();
        expect(successOf(parseTrxAmount(shown, { sign: 'any' }))).toBe(sun);
        expect(`${shown} TRX`).toBe(exactTrx(sun));
        expect(mail.html).toContain(`>${shown} TRX<`);
      }),
      { numRuns: 2000 },
    );
  });
});
