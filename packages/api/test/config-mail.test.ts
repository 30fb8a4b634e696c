import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.js';
import { ownOrigin } from '../src/config/mail-settings.js';

/* The email settings: SMTP_URL, MAIL_FROM, SHOP_NAME, PUBLIC_URL and the mail-driven switches. */

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_ACCESS_SECRET: 'a'.repeat(40),
  JWT_REFRESH_SECRET: 'r'.repeat(40),
  WALLET_ENCRYPTION_KEY: 'ab'.repeat(32),
  TRON_NETWORK: 'mainnet',
  TRON_FULL_HOST: 'https://api.trongrid.io',
  PUBLIC_URL: 'https://shop.example',
} as const;

const configOf = (env: Record<string, string | undefined>) => {
  const loaded = loadConfig(env);
  if (!loaded.ok) throw new Error(`unexpected problems: ${loaded.problems.join('; ')}`);
  return loaded.config;
};

const problemsOf = (env: Record<string, string | undefined>): string[] => {
  const loaded = loadConfig(env);
  return loaded.ok ? [] : loaded.problems;
};

describe('email configuration', () => {
  it('defaults to no relay, the shop name "TRX Shop", no alert threshold and no verification requirement', () => {
    const config = configOf({});
    expect(config.shopName).toBe('TRX Shop');
    expect(config.publicUrl).toBeNull();
    expect(config.mail).toEqual({
      smtp: null,
      from: null,
      retryScheduleMs: config.webhooks.retryScheduleMs,
      smtpTimeoutMs: 30_000,
      requireEmailVerification: false,
      merchantLowBalanceSun: null,
      merchantBalanceCheckMs: 60_000,
    });
  });

  it('reads an smtp:// URL with a percent-encoded password, and the submission port by default', () => {
    expect(
      configOf({
        SMTP_URL: 'smtp://mailer%40shop:p%40ss%3Aw%2Fd@mail.example:2525',
        MAIL_FROM: 'shop@shop.example',
      }).mail.smtp,
    ).toEqual({ secure: false, host: 'mail.example', port: 2525, user: 'mailer@shop', password: 'p@ss:w/d' });
    expect(configOf({ SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'shop@shop.example' }).mail.smtp).toEqual({
      secure: false,
      host: 'mail.example',
      port: 587,
      user: null,
      password: null,
    });
  });

  it('reads smtps:// as implicit TLS, on port 465 by default', () => {
    expect(
      configOf({ SMTP_URL: 'smtps://u:p@mail.example', MAIL_FROM: 'shop@shop.example' }).mail.smtp,
    ).toEqual({
      secure: true,
      host: 'mail.example',
      port: 465,
      user: 'u',
      password: 'p',
    });
  });

  it('reads MAIL_FROM as a bare address or as "Name <address>", keeping the domain for Message-IDs', () => {
    expect(configOf({ MAIL_FROM: 'Shop@Mail.Shop.Example' }).mail.from).toEqual({
      name: null,
      address: 'Shop@Mail.Shop.Example',
      domain: 'mail.shop.example',
    });
    expect(configOf({ MAIL_FROM: '"The Tea Shop" <orders@tea.example>' }).mail.from).toEqual({
      name: 'The Tea Shop',
      address: 'orders@tea.example',
      domain: 'tea.example',
    });
    expect(configOf({ MAIL_FROM: 'TRX Shop<shop@shop.example>' }).mail.from?.name).toBe('TRX Shop');
  });

  it('keeps PUBLIC_URL as an origin without the trailing slash', () => {
    expect(configOf({ PUBLIC_URL: 'https://Shop.Example/' }).publicUrl).toBe('https://shop.example');
    expect(configOf({ PUBLIC_URL: 'http://127.0.0.1:3000' }).publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('reads SHOP_NAME, REQUIRE_EMAIL_VERIFICATION, MAIL_RETRY_SCHEDULE and MERCHANT_LOW_BALANCE_TRX in exact SUN', () => {
    const config = configOf({
      SHOP_NAME: 'The Tea Shop',
      REQUIRE_EMAIL_VERIFICATION: 'true',
      MAIL_RETRY_SCHEDULE: '1s,2m',
      MERCHANT_LOW_BALANCE_TRX: '250.000001',
    });
    expect(config.shopName).toBe('The Tea Shop');
    expect(config.mail).toMatchObject({
      requireEmailVerification: true,
      retryScheduleMs: [1_000, 120_000],
      merchantLowBalanceSun: 250_000_001,
    });
  });

  it('reads MERCHANT_BALANCE_CHECK_INTERVAL_MS (a minute by default) and refuses one outside 100..86400000', () => {
    expect(configOf({ MERCHANT_BALANCE_CHECK_INTERVAL_MS: '250' }).mail.merchantBalanceCheckMs).toBe(250);
    for (const bad of ['99', '86400001', 'often']) {
      expect(problemsOf({ MERCHANT_BALANCE_CHECK_INTERVAL_MS: bad }).join('\n')).toContain(
        'MERCHANT_BALANCE_CHECK_INTERVAL_MS',
      );
    }
  });

  it('reads SMTP_TIMEOUT_MS (30 s by default) and refuses one outside 500..300000', () => {
    expect(configOf({}).mail.smtpTimeoutMs).toBe(30_000);
    expect(configOf({ SMTP_TIMEOUT_MS: '2000' }).mail.smtpTimeoutMs).toBe(2_000);
    expect(problemsOf({ SMTP_TIMEOUT_MS: '100' }).join('\n')).toContain('SMTP_TIMEOUT_MS');
  });

  it('accepts REQUIRE_EMAIL_VERIFICATION in production when a relay is set', () => {
    expect(
      problemsOf({
        ...PRODUCTION,
        REQUIRE_EMAIL_VERIFICATION: 'true',
        SMTP_URL: 'smtps://u:p@mail.example',
        MAIL_FROM: 'shop@shop.example',
      }),
    ).toEqual([]);
  });

  it('never repeats the SMTP password in a problem', () => {
    for (const url of [
      'ftp://mailer:Sup3r-Secret@mail.example',
      'smtp://mailer:Sup3r-Secret@mail.example/x',
    ]) {
      const problems = problemsOf({ SMTP_URL: url, MAIL_FROM: 'shop@shop.example' });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain('SMTP_URL');
      expect(problems[0]).not.toContain('Sup3r-Secret');
    }
  });

  it('needs no PUBLIC_URL for the CLI commands, which send no mail', () => {
    const { PUBLIC_URL: _unused, ...withoutPublicUrl } = PRODUCTION;
    expect(loadConfig(withoutPublicUrl, { tokens: false, chain: false, links: false }).ok).toBe(true);
    expect(problemsOf(withoutPublicUrl)).toEqual([expect.stringContaining('PUBLIC_URL: required')]);
  });
});

describe('ownOrigin (PUBLIC_URL outside production when unset)', () => {
  it('is the service address, a wildcard host reached on loopback', () => {
    expect(ownOrigin('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(ownOrigin('0.0.0.0', 8080)).toBe('http://127.0.0.1:8080');
    expect(ownOrigin('::', 3000)).toBe('http://[::1]:3000');
    expect(ownOrigin('localhost', 3000)).toBe('http://localhost:3000');
  });
});
