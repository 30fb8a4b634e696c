import type { MailTemplateName } from './mail-message.js';

/** The merchant alerts an admin can each turn off. */
export interface MerchantAlertPreferences {
  readonly orderPaid: boolean;
  readonly reconciliation: boolean;
  readonly webhookDisabled: boolean;
  readonly lowBalance: boolean;
}

export type MerchantAlertKind = keyof MerchantAlertPreferences;

/**
 * What a user lets the shop mail them beyond what it must: receipts (any user) and merchant
 * alerts (admins). Security notices and account mail are never optional, so they have no switch.
 */
export interface MailPreferences {
  readonly receipts: boolean;
  readonly alerts: MerchantAlertPreferences;
}

/** Everything on until the user turns it off: a user who never chose gets every mail. */
export const DEFAULT_MAIL_PREFERENCES: MailPreferences = {
  receipts: true,
  alerts: { orderPaid: true, reconciliation: true, webhookDisabled: true, lowBalance: true },
};

/** The switch each alert template answers to. */
export const ALERT_KIND_OF: Readonly<Partial<Record<MailTemplateName, MerchantAlertKind>>> = {
  'merchant-order-paid': 'orderPaid',
  'merchant-reconciliation': 'reconciliation',
  'merchant-webhook-disabled': 'webhookDisabled',
  'merchant-low-balance': 'lowBalance',
};
