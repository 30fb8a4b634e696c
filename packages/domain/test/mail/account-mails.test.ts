import { renderMail } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { AT_TEXT, alice, at, HTML_TAG, occurrences, shop, TOKEN } from './mail-fixtures.js';

const reset = (token: string) =>
  renderMail({ template: 'password-reset', token, expiresAt: at }, alice, shop);
const verification = (token: string) => renderMail({ template: 'email-verification', token }, alice, shop);

describe('the password reset mail', () => {
  it('greets the recipient, names the shop and links to the reset page with the token', () => {
    const mail = reset(TOKEN);
    const link = `https://shop.example/reset-password?token=${TOKEN}`;
    expect(mail.subject).toBe('TRX Shop: Reset your password');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hello alice,');
      expect(part).toContain('TRX Shop');
      expect(part).toContain('https://shop.example');
      expect(part).toContain(link);
    }
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).not.toMatch(HTML_TAG);
  });

  it('says the link works for 30 minutes and when, in UTC', () => {
    const mail = reset(TOKEN);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('30 minutes');
      expect(part).toContain(AT_TEXT);
    }
  });

  it('url-encodes a token with characters a query string would misread', () => {
    const mail = reset('a+b/c=d&e');
    expect(mail.text).toContain('https://shop.example/reset-password?token=a%2Bb%2Fc%3Dd%26e');
    expect(mail.html).toContain('href="https://shop.example/reset-password?token=a%2Bb%2Fc%3Dd%26e"');
    expect(mail.text).not.toContain('a+b/c=d&e');
  });

  it('tells someone who did not ask that they can ignore it', () => {
    expect(reset(TOKEN).text).toContain('If it was not you, ignore it: your password stays as it is.');
  });
});

describe('the email verification mail', () => {
  it('links to the verification page with the token', () => {
    const mail = verification(TOKEN);
    const link = `https://shop.example/verify-email?token=${TOKEN}`;
    expect(mail.subject).toBe('TRX Shop: Confirm your email address');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hello alice,');
      expect(part).toContain(link);
    }
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).not.toMatch(HTML_TAG);
  });
});

describe('a token appears only in its link', () => {
  for (const [name, render, page] of [
    ['reset', reset, 'reset-password'],
    ['verification', verification, 'verify-email'],
  ] as const) {
    it(`the ${name} mail: once in the text, in the href and the plain URL of the HTML, never in the subject`, () => {
      const mail = render(TOKEN);
      const link = `https://shop.example/${page}?token=${TOKEN}`;
      expect(mail.subject).not.toContain(TOKEN);
      expect(occurrences(mail.text, TOKEN)).toBe(1);
      expect(occurrences(mail.text, link)).toBe(1);
      expect(occurrences(mail.html, TOKEN)).toBe(2);
      expect(occurrences(mail.html, `href="${link}"`)).toBe(1);
      expect(occurrences(mail.html, `>${link}<`)).toBe(1);
    });
  }
});
