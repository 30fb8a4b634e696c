import type { components } from '@trx-shop/client';

export type WebhookEventType = NonNullable<components['schemas']['CreateWebhookRequest']['events']>[number];

type EventGroup = 'Orders' | 'Payments' | 'Refunds' | 'Wallets' | 'Customers' | 'Products' | 'Administration';

interface EventInfo {
  readonly group: EventGroup;
  readonly words: string;
}

/**
 * Every type an endpoint can subscribe to, in words and grouped; a Record, so a type the API adds
 * cannot be left out. The Administration group is sent only when chosen (docs/api.md, "Webhooks").
 */
export const WEBHOOK_EVENTS: Readonly<Record<WebhookEventType, EventInfo>> = {
  'order.created': { group: 'Orders', words: 'Order placed' },
  'order.cancelled': { group: 'Orders', words: 'Order cancelled' },
  'order.status_overridden': { group: 'Orders', words: 'Status set by hand' },
  'order.completed': { group: 'Orders', words: 'Order completed (paid)' },
  'order.refunded': { group: 'Orders', words: 'Order fully refunded' },
  'payment.sent': { group: 'Payments', words: 'Payment sent' },
  'payment.confirmed': { group: 'Payments', words: 'Payment confirmed on chain' },
  'payment.failed': { group: 'Payments', words: 'Payment failed' },
  'refund.sent': { group: 'Refunds', words: 'Refund sent' },
  'refund.confirmed': { group: 'Refunds', words: 'Refund confirmed on chain' },
  'refund.failed': { group: 'Refunds', words: 'Refund failed' },
  'deposit.received': { group: 'Wallets', words: 'Deposit received' },
  'fee.recorded': { group: 'Wallets', words: 'Network fee recorded' },
  'withdrawal.sent': { group: 'Wallets', words: 'Withdrawal sent' },
  'withdrawal.confirmed': { group: 'Wallets', words: 'Withdrawal confirmed' },
  'withdrawal.failed': { group: 'Wallets', words: 'Withdrawal failed' },
  'customer.blocked': { group: 'Customers', words: 'Customer blocked' },
  'customer.unblocked': { group: 'Customers', words: 'Customer unblocked' },
  'product.created': { group: 'Products', words: 'Product created' },
  'product.updated': { group: 'Products', words: 'Product updated' },
  'product.archived': { group: 'Products', words: 'Product archived' },
  'webhook.created': { group: 'Administration', words: 'Webhook created' },
  'webhook.updated': { group: 'Administration', words: 'Webhook changed' },
  'webhook.deleted': { group: 'Administration', words: 'Webhook deleted' },
  'webhook.secret_rotated': { group: 'Administration', words: 'Webhook secret rotated' },
  'webhook.pinged': { group: 'Administration', words: 'Webhook pinged' },
  'webhook.redelivered': { group: 'Administration', words: 'Webhook delivery sent again' },
  'webhook.disabled': { group: 'Administration', words: 'Webhook disabled by the service' },
  'keys.rotated': { group: 'Administration', words: 'Encryption keys rotated' },
  'api_key.created': { group: 'Administration', words: 'API key created' },
  'api_key.revoked': { group: 'Administration', words: 'API key revoked' },
  'admin.created': { group: 'Administration', words: 'Admin created' },
  'customers.exported': { group: 'Administration', words: 'Customers exported' },
  'reconciliation.completed': { group: 'Administration', words: 'Reconciliation completed' },
  'reconciliation.failed': { group: 'Administration', words: 'Reconciliation failed' },
  'user.two_factor_enabled': { group: 'Administration', words: 'Account 2FA turned on' },
  'user.two_factor_disabled': { group: 'Administration', words: 'Account 2FA turned off' },
  'user.password_changed': { group: 'Administration', words: 'Account password changed' },
  'user.signed_in_new_device': { group: 'Administration', words: 'Sign-in from a new device' },
  'user.password_reset': { group: 'Administration', words: 'Account password reset by mail' },
  'mail.test_requested': { group: 'Administration', words: 'Test email sent' },
  'mail.retried': { group: 'Administration', words: 'Failed email sent again' },
  'merchant.balance_low': { group: 'Administration', words: 'Merchant wallet balance low' },
  'merchant.balance_recovered': { group: 'Administration', words: 'Merchant wallet balance recovered' },
};

export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

export const isWebhookEventType = (value: string): value is WebhookEventType =>
  Object.hasOwn(WEBHOOK_EVENTS, value);

/** The types grouped for the form's fieldsets, in the order above. */
export const WEBHOOK_EVENT_GROUPS: readonly { group: EventGroup; types: readonly WebhookEventType[] }[] =
  WEBHOOK_EVENT_TYPES.reduce<{ group: EventGroup; types: WebhookEventType[] }[]>((groups, type) => {
    const { group } = WEBHOOK_EVENTS[type];
    const found = groups.find((candidate) => candidate.group === group);
    if (found) found.types.push(type);
    else groups.push({ group, types: [type] });
    return groups;
  }, []);

/** An endpoint's filter in words: empty is every business event. */
export const describeEvents = (events: readonly string[]): string =>
  events.length === 0 ? 'All events' : events.join(', ');
