import type { components } from '@trx-shop/client';

export type ApiKeyScope = components['schemas']['ApiKey']['scopes'][number];

/**
 * What each scope lets a key do (docs/api.md, "API keys"); a Record, so a scope the API adds
 * cannot be left out.
 */
export const API_KEY_SCOPES: Readonly<Record<ApiKeyScope, string>> = {
  'orders:read': 'Read the orders, their history and the sales CSV',
  'orders:write': 'Set an order’s status by hand and verify payments',
  'refunds:write': 'Send refunds (money leaves the shop)',
  'products:write': 'List, create, edit and archive products',
  'customers:read': 'Read and export the customers',
  'stats:read': 'Read the dashboard’s statistics',
  'ledger:read': 'Read and export the ledger and the latest reconciliation',
  'webhooks:write': 'Manage webhook endpoints and their deliveries',
  'mail:read': 'Read the mail delivery log and the local mailbox',
  'mail:write': 'Retry failed mail and send a test email',
};

export const SCOPES = Object.keys(API_KEY_SCOPES) as ApiKeyScope[];
