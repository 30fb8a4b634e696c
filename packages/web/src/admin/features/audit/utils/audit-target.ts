import type { components } from '@trx-shop/client';
import { objectIdOrUndefined } from './audit-filters.js';

type AuditEntry = components['schemas']['AuditEntry'];

export interface TargetView {
  /** What was acted on, in words ("Order", "Customer list"). */
  readonly label: string;
  readonly id: string | null;
  /** The admin page showing it, within the admin app; null where no page does. */
  readonly href: string | null;
  /** The id the API's `target` filter finds this target's entries by; null where it cannot. */
  readonly filterId: string | null;
}

const LABELS: Readonly<Record<AuditEntry['target']['type'], string>> = {
  order: 'Order',
  customer: 'Customer',
  product: 'Product',
  webhook: 'Webhook',
  'api-key': 'API key',
  admin: 'Admin account',
  service: 'The shop',
};

const pageOf = ({ action, target }: AuditEntry): string | null => {
  const { id } = target;
  switch (target.type) {
    case 'order':
      return id ? `/orders/${id}` : null;
    case 'customer':
      return id ? `/customers/${id}` : '/customers';
    case 'product':
      return id ? `/products/${id}` : null;
    case 'webhook':
      return id ? `/webhooks/${id}` : null;
    case 'api-key':
      return '/api-keys';
    case 'service':
      return action.startsWith('reconciliation.') ? '/reconciliation' : null;
    default:
      return null;
  }
};

/** Where an entry's target lives in the admin app, and whether the trail can be narrowed to it. */
export const targetViewOf = (entry: AuditEntry): TargetView => {
  const { type, id } = entry.target;
  const label =
    type === 'customer' && id === null
      ? 'Customer list'
      : type === 'service' && entry.action.startsWith('reconciliation.')
        ? 'Reconciliation'
        : LABELS[type];
  // The API's target filter reads the ids of orders, customers, products and webhooks only.
  const filterable = type === 'order' || type === 'customer' || type === 'product' || type === 'webhook';
  return {
    label,
    id,
    href: pageOf(entry),
    filterId: filterable ? (objectIdOrUndefined(id) ?? null) : null,
  };
};
