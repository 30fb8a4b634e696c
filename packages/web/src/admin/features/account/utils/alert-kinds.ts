import type { components } from '@trx-shop/client';

export type Alerts = NonNullable<
  components['schemas']['GetMailPreferencesResponse']['preferences']['alerts']
>;
export type AlertKind = keyof Alerts;

/** Each merchant alert, as the switch that turns it off names it. */
export const ALERT_WORDS: Readonly<Record<AlertKind, string>> = {
  orderPaid: 'An order is paid',
  reconciliation: 'A reconciliation run finds discrepancies',
  webhookDisabled: 'A webhook endpoint is disabled after failing',
  lowBalance: "The merchant wallet's balance runs low",
};

export const ALERT_KINDS = Object.keys(ALERT_WORDS) as readonly AlertKind[];
