import { MAIL_CATEGORIES, type MailRecipient, renderMail } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { alice, contentsWith, everyContent, HTML_TAG, shop } from './mail-fixtures.js';

const HOSTILE = `<script>alert("x")</script> & 'q'`;
const HOSTILE_ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;';
const hostileRecipient: MailRecipient = { userId: 'u-x', username: HOSTILE, email: 'x@example.com' };

/** Every control character and line or paragraph separator that could end a header line. */
const HEADER_BREAK = /[\p{Cc}\p{Zl}\p{Zp}]/u;

describe('every template', () => {
  it('has a subject, a text part without HTML tags and an HTML part, each naming the shop', () => {
    for (const content of everyContent()) {
      const mail = renderMail(content, alice, shop);
      expect(mail.subject.startsWith('TRX Shop: '), content.template).toBe(true);
      expect(mail.text, content.template).not.toMatch(HTML_TAG);
      expect(mail.html, content.template).toMatch(/^<!doctype html>/);
      for (const part of [mail.text, mail.html]) {
        expect(part, content.template).toContain('Hello alice,');
        expect(part, content.template).toContain('TRX Shop · https://shop.example');
      }
    }
  });

  it('says in the footer how to turn it off: receipts in the account, alerts in the admin app, never security notices', () => {
    for (const content of everyContent()) {
      const { text } = renderMail(content, alice, shop);
      const category = MAIL_CATEGORIES[content.template];
      expect(text.includes('turn receipts off in your account'), content.template).toBe(
        category === 'receipt',
      );
      expect(text.includes('turn each kind of alert off in the admin app'), content.template).toBe(
        category === 'alert',
      );
      expect(text.includes('Security notices cannot be turned off.'), content.template).toBe(
        category === 'security',
      );
    }
  });

  it('the test mail names who asked for it and says delivery works', () => {
    const mail = renderMail({ template: 'test', requestedBy: 'root' }, alice, shop);
    expect(mail.subject).toBe('TRX Shop: Test email');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('sent because root asked for one in the admin app');
      expect(part).toContain('mail delivery works');
    }
  });
});

describe('user-provided text', () => {
  it('is escaped in the HTML part and verbatim in the text part, in every template that shows it', () => {
    let shown = 0;
    for (const content of everyContent(HOSTILE)) {
      const mail = renderMail(content, hostileRecipient, shop);
      expect(mail.html, content.template).not.toContain('<script>');
      expect(mail.html, content.template).not.toContain(HOSTILE);
      expect(mail.html, content.template).toContain(`Hello ${HOSTILE_ESCAPED},`);
      expect(mail.text, content.template).toContain(`Hello ${HOSTILE},`);
      const beyondGreeting = mail.text.split(HOSTILE).length - 1;
      if (beyondGreeting > 1) {
        shown += 1;
        expect(mail.html.split(HOSTILE_ESCAPED).length - 1, content.template).toBe(beyondGreeting);
      }
    }
    // The premise: product names, reasons, user agents, addresses, URLs and names are shown.
    expect(shown).toBe(8);
  });

  it('is escaped in the product name, refund reason, user agent and webhook URL and reason', () => {
    const contents = contentsWith(HOSTILE);
    for (const content of [
      contents['order-paid'],
      contents['refund-confirmed'],
      contents['new-device-sign-in'],
      contents['merchant-webhook-disabled'],
    ]) {
      const mail = renderMail(content, alice, shop);
      expect(mail.html, content.template).toContain(HOSTILE_ESCAPED);
      expect(mail.html, content.template).not.toContain(HOSTILE);
      expect(mail.text, content.template).toContain(HOSTILE);
    }
  });

  it('never reaches a subject, which holds fixed text and the order number at most', () => {
    for (const content of everyContent(HOSTILE)) {
      const { subject } = renderMail(content, hostileRecipient, shop);
      expect(subject, content.template).not.toContain('script');
      expect(subject, content.template).not.toContain("'q'");
      expect(subject, content.template).toMatch(/^TRX Shop: [A-Za-z -]+( #TRX-7)?( was paid)?$/);
    }
  });

  it('is escaped in the shop name too, which comes from configuration', () => {
    const mail = renderMail({ template: 'password-changed', at: new Date(0) }, alice, {
      name: 'Tom & <Jerry>',
      publicUrl: 'https://shop.example',
    });
    expect(mail.html).toContain('Tom &amp; &lt;Jerry&gt;');
    expect(mail.html).not.toContain('<Jerry>');
    expect(mail.text).toContain('Tom & <Jerry>');
  });
});

describe('the subject', () => {
  it('stays one header line when the order number carries CR/LF and a header', () => {
    const contents = contentsWith('x');
    const orderNumber = '#TRX-7\r\nBcc: thief@example.com';
    for (const content of [
      { ...contents['order-paid'], orderNumber },
      { ...contents['refund-confirmed'], orderNumber },
      { ...contents['merchant-order-paid'], orderNumber },
    ]) {
      const { subject } = renderMail(content, alice, shop);
      expect(subject, content.template).not.toMatch(HEADER_BREAK);
      expect(subject, content.template).toContain('#TRX-7 Bcc: thief@example.com');
    }
  });

  it('stays one header line when the shop name carries CR, LF, a tab, NUL or a line separator', () => {
    const hostileShop = {
      name: 'TRX\r\nBcc: thief@example.com\t\u0000Shop\u2028',
      publicUrl: 'https://shop.example',
    };
    for (const content of everyContent()) {
      const { subject } = renderMail(content, alice, hostileShop);
      expect(subject, content.template).not.toMatch(HEADER_BREAK);
      expect(subject.startsWith('TRX Bcc: thief@example.com Shop: '), content.template).toBe(true);
    }
  });
});
