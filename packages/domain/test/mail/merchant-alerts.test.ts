import { type MailRecipient, renderMail } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { exactTrx, HTML_TAG, shop } from './mail-fixtures.js';

const admin: MailRecipient = { userId: 'u-admin', username: 'root', email: 'root@example.com' };
const ALERTS_OFF = 'You can turn each kind of alert off in the admin app: https://shop.example/admin';

const render = (content: Parameters<typeof renderMail>[0]) => {
  const mail = renderMail(content, admin, shop);
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain('Hello root,');
    expect(part).toContain('You get this alert because you are an administrator of TRX Shop.');
    expect(part).toContain(ALERTS_OFF);
  }
  expect(mail.text).not.toMatch(HTML_TAG);
  return mail;
};

describe('merchant alerts to admins', () => {
  it('merchant-order-paid: the order number, customer and exact total, linking to the admin order page', () => {
    const total = 99_000_001;
    const mail = render({
      template: 'merchant-order-paid',
      orderId: 'o-42',
      orderNumber: '#TRX-42',
      customer: 'alice',
      total,
      txid: 'f00d',
    });
    expect(mail.subject).toBe('TRX Shop: Order #TRX-42 was paid');
    expect(mail.text).toContain(`Total: ${exactTrx(total)}`);
    expect(mail.text).toContain('Customer: alice');
    expect(mail.text).toContain('Transaction: f00d');
    expect(mail.text).toContain('https://shop.example/admin/orders/o-42');
    expect(mail.html).toContain('href="https://shop.example/admin/orders/o-42"');
  });

  it('merchant-reconciliation: the run and its number of discrepancies, linking to reconciliation', () => {
    const mail = render({ template: 'merchant-reconciliation', runId: 'run-9', discrepancies: 1 });
    expect(mail.subject).toBe('TRX Shop: Reconciliation found discrepancies');
    expect(mail.text).toContain(
      'The reconciliation run run-9 found 1 discrepancy between the ledger and the chain.',
    );
    expect(mail.html).toContain('href="https://shop.example/admin/reconciliation"');
    const many = render({ template: 'merchant-reconciliation', runId: 'run-9', discrepancies: 12 });
    expect(many.text).toContain('found 12 discrepancies');
  });

  it('merchant-webhook-disabled: the endpoint URL and why, linking to the endpoint', () => {
    const mail = render({
      template: 'merchant-webhook-disabled',
      endpointId: 'wh-4',
      url: 'https://hooks.example/in',
      reason: '10 deliveries failed in a row',
    });
    expect(mail.subject).toBe('TRX Shop: A webhook endpoint was disabled');
    expect(mail.text).toContain('Endpoint: https://hooks.example/in');
    expect(mail.text).toContain('Reason: 10 deliveries failed in a row');
    expect(mail.html).toContain('href="https://shop.example/admin/webhooks/wh-4"');
  });

  it('merchant-low-balance: the exact balance and threshold, linking to the ledger', () => {
    const mail = render({ template: 'merchant-low-balance', balance: 1, threshold: 50_000_000 });
    expect(mail.subject).toBe('TRX Shop: Merchant wallet balance is low');
    expect(mail.text).toContain(`Balance: ${exactTrx(1)}`);
    expect(mail.text).toContain('0.000001 TRX');
    expect(mail.text).toContain(`Threshold: ${exactTrx(50_000_000)}`);
    expect(mail.text).toContain(
      'Refunds and withdrawals are sent from this wallet and may fail while it cannot cover them',
    );
    expect(mail.html).toContain('href="https://shop.example/admin/ledger"');
  });

  it('encodes an id into its path segment, so it cannot point elsewhere', () => {
    const mail = render({
      template: 'merchant-order-paid',
      orderId: '../ledger?x=1',
      orderNumber: '#TRX-1',
      customer: 'alice',
      total: 1,
      txid: 't',
    });
    expect(mail.text).toContain('https://shop.example/admin/orders/..%2Fledger%3Fx%3D1');
  });
});
