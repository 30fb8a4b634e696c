import { type MailContent, renderMail } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { AT_TEXT, alice, at, HTML_TAG, shop } from './mail-fixtures.js';

const SIGN_IN = 'https://shop.example/sign-in';

const notices: readonly (readonly [MailContent, string, string])[] = [
  [{ template: 'password-changed', at }, 'TRX Shop: Your password was changed', 'was changed on'],
  [
    { template: 'email-changed', newEmail: 'new@example.com', at },
    'TRX Shop: Your email address was changed',
    'was changed to new@example.com on',
  ],
  [{ template: 'two-factor-enabled', at }, 'TRX Shop: Two-factor authentication was turned on', 'turned on'],
  [
    { template: 'two-factor-disabled', at },
    'TRX Shop: Two-factor authentication was turned off',
    'turned off',
  ],
  [
    { template: 'new-device-sign-in', userAgent: 'Firefox 140 on Linux', address: '203.0.113.9', at },
    'TRX Shop: New sign-in to your account',
    'a device it had not seen before',
  ],
];

describe('security notices', () => {
  for (const [content, subject, says] of notices) {
    it(`${content.template}: says what happened and when, in UTC, to the named recipient`, () => {
      const mail = renderMail(content, alice, shop);
      expect(mail.subject).toBe(subject);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('Hello alice,');
        expect(part).toContain(says);
        expect(part).toContain(AT_TEXT);
        expect(part).toContain('https://shop.example');
      }
      expect(mail.text).not.toMatch(HTML_TAG);
    });

    it(`${content.template}: says it cannot be turned off and what to do if it was not them`, () => {
      const mail = renderMail(content, alice, shop);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('Security notices cannot be turned off.');
        expect(part).toContain('If this was not you, reset your password now');
        expect(part).toContain(SIGN_IN);
        expect(part).not.toContain('turn receipts off');
      }
    });
  }

  it('new-device-sign-in: shows the user agent and the address, and links to the sessions in the account', () => {
    const mail = renderMail(
      { template: 'new-device-sign-in', userAgent: 'Firefox 140 on Linux', address: '203.0.113.9', at },
      alice,
      shop,
    );
    expect(mail.text).toContain('Device: Firefox 140 on Linux');
    expect(mail.text).toContain('Address: 203.0.113.9');
    expect(mail.text).toContain('Review your sessions:\nhttps://shop.example/account');
    expect(mail.html).toContain('href="https://shop.example/account"');
    expect(mail.html).toContain('>Firefox 140 on Linux<');
    expect(mail.html).toContain('>203.0.113.9<');
  });

  it('email-changed: tells the old address to contact support, since resets now go to the new one', () => {
    const mail = renderMail({ template: 'email-changed', newEmail: 'new@example.com', at }, alice, shop);
    expect(mail.text).toContain("contact the shop's support at once");
  });
});
