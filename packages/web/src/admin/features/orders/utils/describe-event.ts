import type { components } from '@trx-shop/client';
import { formatTrx } from '../../../../shared/format/money.js';

export type HistoryEntry = components['schemas']['OrderHistoryEntry'];

/** An order's event types in words; a type this list does not know is shown as the API names it. */
const EVENT_WORDS: Readonly<Record<string, string>> = {
  'order.created': 'Order placed',
  'order.cancelled': 'Cancelled by the customer',
  'order.status_overridden': 'Status set by hand',
  'payment.sent': 'Payment sent',
  'payment.confirmed': 'Payment confirmed on chain',
  'payment.failed': 'Payment failed',
  'order.completed': 'Order completed',
  'refund.sent': 'Refund sent',
  'refund.confirmed': 'Refund confirmed on chain',
  'refund.failed': 'Refund failed',
  'order.refunded': 'Order fully refunded',
};

export const eventTitle = (type: string): string => EVENT_WORDS[type] ?? type;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Event payloads carry TRX as exact decimal text; a number is formatted as the API's numbers are. */
const trx = (value: unknown): string | undefined =>
  typeof value === 'number' ? formatTrx(value) : text(value) && `${text(value)} TRX`;

/** The facts of an event worth a line under its title: amounts, statuses, reasons. */
export const eventDetails = ({ type, data }: HistoryEntry): string[] => {
  const details: (string | undefined)[] = [];
  if (type === 'order.status_overridden') {
    details.push(`From ${text(data.from) ?? '?'} to ${text(data.to) ?? '?'}`);
  }
  if (type === 'order.created') details.push(trx(data.total) && `Total ${trx(data.total)}`);
  if (type === 'order.completed') details.push(trx(data.paid) && `Paid ${trx(data.paid)}`);
  if (type === 'order.refunded') {
    details.push(trx(data.refundedAmount) && `Refunded ${trx(data.refundedAmount)} in all`);
  }
  details.push(trx(data.amount));
  if (type === 'refund.confirmed' && data.partial === true) details.push('Part of the payment');
  if (type.endsWith('.failed') || type === 'refund.sent') {
    details.push(text(data.reason) && `Reason: ${text(data.reason)}`);
  }
  return details.filter((detail): detail is string => detail !== undefined);
};

/** The transaction an event concerns, if any. */
export const eventTxHash = ({ data }: HistoryEntry): string | undefined =>
  text(data.txHash) ?? text(data.transactionHash);

const CUSTOMER_STEPS = new Set(['order.created', 'order.cancelled', 'payment.sent']);

/** Who acted: the admin's email or the command, else the service itself (or the customer). */
export const eventActor = ({ actor, type }: HistoryEntry): string =>
  actor ? actor.label : CUSTOMER_STEPS.has(type) ? 'Customer' : 'Service';
