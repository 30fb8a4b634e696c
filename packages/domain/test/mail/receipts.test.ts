import { type MailContent, renderMail } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { alice, exactTrx, HTML_TAG, shop } from './mail-fixtures.js';

const RECEIPTS_OFF = 'You can turn receipts off in your account: https://shop.example/account';

const expectBothParts = (content: MailContent, texts: readonly string[]) => {
  const mail = renderMail(content, alice, shop);
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain('Hello alice,');
    expect(part).toContain('TRX Shop');
    expect(part).toContain(RECEIPTS_OFF);
    for (const text of texts) expect(part).toContain(text);
  }
  expect(mail.text).not.toMatch(HTML_TAG);
  return mail;
};

describe('receipts to the customer', () => {
  it('order-paid: lists each line, the exact total, the transaction, and links to the order', () => {
    const unitPrice = 1_234_567;
    const total = 3 * unitPrice + 1;
    const mail = expectBothParts(
      {
        template: 'order-paid',
        orderId: 'o-42',
        orderNumber: '#TRX-42',
        lines: [
          { name: 'Coffee mug', quantity: 3, unitPrice },
          { name: 'Sticker', quantity: 1, unitPrice: 1 },
        ],
        total,
        txid: 'f00dcafe',
      },
      ['#TRX-42', 'Coffee mug', 'Sticker', 'f00dcafe', 'https://shop.example/orders/o-42'],
    );
    expect(mail.subject).toBe('TRX Shop: Receipt for order #TRX-42');
    expect(mail.text).toContain(`3 × Coffee mug: ${exactTrx(3 * unitPrice)} (${exactTrx(unitPrice)} each)`);
    expect(mail.text).toContain(`1 × Sticker: ${exactTrx(1)}`);
    expect(mail.text).toContain(`Total: ${exactTrx(total)}`);
    expect(mail.text).toContain('0.000001 TRX');
    expect(mail.html).toContain(`>${exactTrx(total)}<`);
    expect(mail.html).toContain('href="https://shop.example/orders/o-42"');
  });

  it('refund-confirmed: the exact amount, the reason, the transaction and the order', () => {
    const amount = 10_000_001;
    const mail = expectBothParts(
      {
        template: 'refund-confirmed',
        orderId: 'o-42',
        orderNumber: '#TRX-42',
        amount,
        reason: 'Damaged in transit',
        txid: 'beef01',
      },
      [exactTrx(amount), 'Damaged in transit', 'beef01', '#TRX-42', 'https://shop.example/orders/o-42'],
    );
    expect(mail.subject).toBe('TRX Shop: Refund for order #TRX-42');
    expect(mail.text).toContain(`Amount: ${exactTrx(amount)}`);
    expect(mail.text).toContain('Reason: Damaged in transit');
  });

  it('refund-confirmed: leaves the reason out when the admin gave none', () => {
    const mail = renderMail(
      {
        template: 'refund-confirmed',
        orderId: 'o-1',
        orderNumber: '#TRX-1',
        amount: 5,
        reason: '',
        txid: 'x',
      },
      alice,
      shop,
    );
    expect(mail.text).not.toContain('Reason:');
    expect(mail.html).not.toContain('>Reason<');
  });

  it('deposit-received: the exact amount and transaction, linking to the wallet', () => {
    const amount = 7_000_000_000_123;
    const mail = expectBothParts({ template: 'deposit-received', amount, txid: 'dep1' }, [
      exactTrx(amount),
      'dep1',
      'https://shop.example/wallet',
    ]);
    expect(mail.subject).toBe('TRX Shop: Deposit received');
    expect(mail.text).toContain('7000000.000123 TRX');
  });

  it('withdrawal-confirmed: the exact amount, the destination and the transaction', () => {
    const amount = 2_500_000;
    const mail = expectBothParts(
      {
        template: 'withdrawal-confirmed',
        amount,
        toAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
        txid: 'wd1',
      },
      [exactTrx(amount), 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'wd1', 'https://shop.example/wallet'],
    );
    expect(mail.subject).toBe('TRX Shop: Withdrawal sent');
  });

  it('withdrawal-failed: the amount, the destination and why, saying the money stays in the wallet', () => {
    const amount = 2_500_000;
    const mail = expectBothParts(
      {
        template: 'withdrawal-failed',
        amount,
        toAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
        reason: 'The transfer expired before the chain took it',
      },
      [
        exactTrx(amount),
        'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
        'The transfer expired before the chain took it',
        'stays in your wallet',
      ],
    );
    expect(mail.subject).toBe('TRX Shop: Withdrawal failed');
  });
});
