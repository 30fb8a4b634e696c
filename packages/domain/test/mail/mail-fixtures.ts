import type { MailContent, MailRecipient, MailShop, MailTemplateName } from '@trx-shop/domain';

export const shop: MailShop = { name: 'TRX Shop', publicUrl: 'https://shop.example' };

export const alice: MailRecipient = { userId: 'u-alice', username: 'alice', email: 'alice@example.com' };

/** One content per template, the compiler checking that none is missing. */
export type ContentByTemplate = { readonly [T in MailTemplateName]: Extract<MailContent, { template: T }> };

export const at = new Date(Date.UTC(2026, 10, 28, 6, 45, 47));
/** `at` as the mails write it. */
export const AT_TEXT = '2026-11-28 06:45:47 UTC';

/** A URL-safe token, as the service makes them: it appears in a link unchanged. */
export const TOKEN = 'rT0k3n_AbCdEf-123456789xyz';

/**
 * Every template's content, with `userText` in every field a user or an outside party chose
 * (names, reasons, user agents, addresses, URLs).
 */
export const contentsWith = (userText: string): ContentByTemplate => ({
  'password-reset': { template: 'password-reset', token: TOKEN, expiresAt: at },
  'email-verification': { template: 'email-verification', token: TOKEN },
  'password-changed': { template: 'password-changed', at },
  'email-changed': { template: 'email-changed', newEmail: userText, at },
  'two-factor-enabled': { template: 'two-factor-enabled', at },
  'two-factor-disabled': { template: 'two-factor-disabled', at },
  'new-device-sign-in': { template: 'new-device-sign-in', userAgent: userText, address: userText, at },
  'order-paid': {
    template: 'order-paid',
    orderId: 'o-1',
    orderNumber: '#TRX-7',
    lines: [{ name: userText, quantity: 2, unitPrice: 12_500_000 }],
    total: 25_000_000,
    txid: 'a1b2c3',
  },
  'refund-confirmed': {
    template: 'refund-confirmed',
    orderId: 'o-1',
    orderNumber: '#TRX-7',
    amount: 1,
    reason: userText,
    txid: 'd4e5f6',
  },
  'deposit-received': { template: 'deposit-received', amount: 3_000_001, txid: 'aa11' },
  'withdrawal-confirmed': {
    template: 'withdrawal-confirmed',
    amount: 5_000_000,
    toAddress: 'TXYZabc123',
    txid: 'bb22',
  },
  'withdrawal-failed': {
    template: 'withdrawal-failed',
    amount: 5_000_000,
    toAddress: 'TXYZabc123',
    reason: userText,
  },
  'merchant-order-paid': {
    template: 'merchant-order-paid',
    orderId: 'o-1',
    orderNumber: '#TRX-7',
    customer: userText,
    total: 25_000_000,
    txid: 'a1b2c3',
  },
  'merchant-reconciliation': { template: 'merchant-reconciliation', runId: 'run-9', discrepancies: 3 },
  'merchant-webhook-disabled': {
    template: 'merchant-webhook-disabled',
    endpointId: 'wh-4',
    url: userText,
    reason: userText,
  },
  'merchant-low-balance': { template: 'merchant-low-balance', balance: 999_999, threshold: 100_000_000 },
  test: { template: 'test', requestedBy: userText },
});

export const everyContent = (userText = 'Bob'): MailContent[] => Object.values(contentsWith(userText));

const MICRO = 1_000_000n;

/** The exact decimal text of `sun / 10^6` TRX, written with BigInt so no float is involved. */
export const exactTrx = (sun: number): string => {
  const value = BigInt(sun);
  const sign = value < 0n ? '-' : '';
  const magnitude = value < 0n ? -value : value;
  const fraction = (magnitude % MICRO).toString().padStart(6, '0').replace(/0+$/, '');
  return `${sign}${magnitude / MICRO}${fraction === '' ? '' : `.${fraction}`} TRX`;
};

/** How many times `needle` occurs in `haystack`. */
export const occurrences = (haystack: string, needle: string): number => haystack.split(needle).length - 1;

/** Any HTML tag: the text part must have none. */
export const HTML_TAG = /<\/?[a-z][^>]*>/i;
