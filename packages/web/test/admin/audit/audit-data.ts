import type { components } from '@trx-shop/client';

type Schemas = components['schemas'];
export type AuditEntry = Schemas['AuditEntry'];

export const ADMIN_ID = '6760c0f4a1b2c3d4e5f60702';
export const ORDER_ID = '6760c0f4a1b2c3d4e5f60730';
export const PRODUCT_ID = '6760c0f4a1b2c3d4e5f60718';
export const CUSTOMER_ID = '6760c0f4a1b2c3d4e5f60701';
export const WEBHOOK_ID = '6760c0f4a1b2c3d4e5f60750';

/** An entry as `GET /api/admin/audit` lists it: an admin's product price change. */
export const anEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: '6760c0f4a1b2c3d4e5f607a0',
  at: '2026-03-01T10:30:00.000Z',
  action: 'product.updated',
  actor: {
    kind: 'admin',
    id: ADMIN_ID,
    sessionId: '6760c0f4a1b2c3d4e5f60791',
    label: 'owner@shop.example',
    address: '203.0.113.7',
  },
  target: { type: 'product', id: PRODUCT_ID },
  before: { price: '3', stock: 2 },
  after: { price: '4.5', stock: 5 },
  ...overrides,
});

export const auditAnswer = (
  entries: AuditEntry[],
  pagination: Schemas['Pagination'] = { total: entries.length, page: 1, pages: 1, limit: 20 },
): Schemas['ListAuditEntriesResponse'] => ({ success: true, entries, pagination });
