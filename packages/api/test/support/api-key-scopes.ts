/** Every API key scope the issue lists, written out (not imported from the code under test). */
export const SCOPES = [
  'orders:read',
  'orders:write',
  'refunds:write',
  'products:write',
  'customers:read',
  'stats:read',
  'ledger:read',
  'webhooks:write',
  'mail:read',
  'mail:write',
] as const;

export type Scope = (typeof SCOPES)[number];
