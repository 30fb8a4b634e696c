import type { operations } from '@trx-shop/client';

export type AuditAction = NonNullable<
  NonNullable<operations['listAuditEntries']['parameters']['query']>['action']
>;

/** Every action the audit filter takes, in words; a Record, so an action the API adds cannot be left out. */
export const AUDIT_ACTION_WORDS: Readonly<Record<AuditAction, string>> = {
  'order.created': 'Order placed',
  'order.cancelled': 'Order cancelled',
  'order.status_overridden': 'Order status overridden',
  'order.completed': 'Order completed',
  'order.refunded': 'Order refunded',
  'payment.sent': 'Payment sent',
  'payment.confirmed': 'Payment confirmed',
  'payment.failed': 'Payment failed',
  'refund.sent': 'Refund sent',
  'refund.confirmed': 'Refund confirmed',
  'refund.failed': 'Refund failed',
  'deposit.received': 'Deposit received',
  'fee.recorded': 'Fee recorded',
  'withdrawal.sent': 'Withdrawal sent',
  'withdrawal.confirmed': 'Withdrawal confirmed',
  'withdrawal.failed': 'Withdrawal failed',
  'customer.blocked': 'Customer blocked',
  'customer.unblocked': 'Customer unblocked',
  'customers.exported': 'Customers exported',
  'product.created': 'Product created',
  'product.updated': 'Product updated',
  'product.archived': 'Product archived',
  'webhook.created': 'Webhook created',
  'webhook.updated': 'Webhook updated',
  'webhook.deleted': 'Webhook deleted',
  'webhook.secret_rotated': 'Webhook secret rotated',
  'webhook.pinged': 'Webhook pinged',
  'webhook.redelivered': 'Webhook delivery sent again',
  'webhook.disabled': 'Webhook disabled',
  'keys.rotated': 'Wallet encryption key rotated',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'admin.created': 'Admin account created',
  'reconciliation.completed': 'Reconciliation run',
  'reconciliation.failed': 'Reconciliation failed',
  'user.two_factor_enabled': '2FA turned on',
  'user.two_factor_disabled': '2FA turned off',
  'user.password_changed': 'Password changed',
  'user.signed_in_new_device': 'Sign-in from a new device',
  'user.password_reset': 'Password reset by mail',
  'mail.test_requested': 'Test email sent',
  'mail.retried': 'Failed email sent again',
  'merchant.balance_low': 'Merchant wallet balance low',
  'merchant.balance_recovered': 'Merchant wallet balance recovered',
};

/** The action select's groups, in the order a shop owner looks for them. */
export const AUDIT_ACTION_GROUPS: readonly {
  readonly label: string;
  readonly actions: readonly AuditAction[];
}[] = [
  {
    label: 'Orders',
    actions: [
      'order.status_overridden',
      'order.created',
      'order.cancelled',
      'order.completed',
      'order.refunded',
    ],
  },
  {
    label: 'Payments and refunds',
    actions: [
      'refund.sent',
      'refund.confirmed',
      'refund.failed',
      'payment.sent',
      'payment.confirmed',
      'payment.failed',
      'deposit.received',
      'fee.recorded',
      'withdrawal.sent',
      'withdrawal.confirmed',
      'withdrawal.failed',
    ],
  },
  { label: 'Customers', actions: ['customer.blocked', 'customer.unblocked', 'customers.exported'] },
  { label: 'Products', actions: ['product.created', 'product.updated', 'product.archived'] },
  {
    label: 'Webhooks',
    actions: [
      'webhook.created',
      'webhook.updated',
      'webhook.deleted',
      'webhook.secret_rotated',
      'webhook.pinged',
      'webhook.redelivered',
      'webhook.disabled',
    ],
  },
  { label: 'Access', actions: ['api_key.created', 'api_key.revoked', 'admin.created', 'keys.rotated'] },
  { label: 'Reconciliation', actions: ['reconciliation.completed', 'reconciliation.failed'] },
  {
    label: 'Account security',
    actions: [
      'user.two_factor_enabled',
      'user.two_factor_disabled',
      'user.password_changed',
      'user.signed_in_new_device',
      'user.password_reset',
    ],
  },
  { label: 'Mail', actions: ['mail.test_requested', 'mail.retried'] },
];

export const isAuditAction = (value: string | null): value is AuditAction =>
  value !== null && Object.hasOwn(AUDIT_ACTION_WORDS, value);

/** An entry's action in words; one the page does not know yet shows as the API names it. */
export const auditActionWords = (action: string): string =>
  isAuditAction(action) ? AUDIT_ACTION_WORDS[action] : action;
