import type { components } from '@trx-shop/client';

type MailMessage = components['schemas']['ListMailMessagesResponse']['messages'][number];
export type MailTemplate = MailMessage['template'];
export type MailStatus = MailMessage['status'];
export type MailDelivery = components['schemas']['ListMailMessagesResponse']['delivery'];

/** Each template as a shop owner would name the mail. */
export const TEMPLATE_WORDS: Readonly<Record<MailTemplate, string>> = {
  'password-reset': 'Password reset link',
  'email-verification': 'Email verification link',
  'password-changed': 'Password changed notice',
  'email-changed': 'Email changed notice',
  'two-factor-enabled': 'Two-factor turned on notice',
  'two-factor-disabled': 'Two-factor turned off notice',
  'new-device-sign-in': 'New device sign-in notice',
  'order-paid': 'Order receipt',
  'refund-confirmed': 'Refund receipt',
  'deposit-received': 'Deposit receipt',
  'withdrawal-confirmed': 'Withdrawal receipt',
  'withdrawal-failed': 'Withdrawal failed notice',
  'merchant-order-paid': 'Alert: order paid',
  'merchant-reconciliation': 'Alert: reconciliation discrepancies',
  'merchant-webhook-disabled': 'Alert: webhook disabled',
  'merchant-low-balance': 'Alert: low merchant balance',
  test: 'Test email',
};

export const MAIL_STATUSES: readonly MailStatus[] = ['pending', 'sent', 'failed'];

export const STATUS_WORDS: Readonly<Record<MailStatus, string>> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
};

export const isMailStatus = (value: string | null): value is MailStatus =>
  MAIL_STATUSES.some((status) => status === value);

/** Where mail goes, in the words the Mail page says it. */
export const DELIVERY_WORDS: Readonly<Record<MailDelivery, string>> = {
  smtp: 'Mail is sent through your SMTP relay.',
  mailbox: 'Mail is kept in the local mailbox (development): read it on the Mailbox page.',
  held: 'Mail is held: SMTP_URL is not set, so nothing is sent until it is.',
};
