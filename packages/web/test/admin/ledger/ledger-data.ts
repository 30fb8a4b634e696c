import type { components } from '@trx-shop/client';

type Schemas = components['schemas'];
export type LedgerMovement = Schemas['LedgerMovement'];
export type LedgerAnswer = Schemas['ListMerchantLedgerResponse'];

export const MERCHANT = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
export const ORDER_ID = '6760c0f4a1b2c3d4e5f60730';
export const PAYMENT_TX = '4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c';
export const REFUND_TX = 'aa9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b99';

/** A movement as `GET /api/admin/ledger` lists it: a confirmed payment into the merchant wallet. */
export const aMovement = (overrides: Partial<LedgerMovement> = {}): LedgerMovement => ({
  _id: '6760c0f4a1b2c3d4e5f60740',
  userId: '6760c0f4a1b2c3d4e5f60701',
  orderId: ORDER_ID,
  type: 'purchase',
  amount: 150.6,
  currency: 'TRX',
  network: 'TRC-20',
  transactionHash: PAYMENT_TX,
  fromAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  toAddress: MERCHANT,
  status: 'confirmed',
  confirmations: 21,
  blockNumber: 61250123,
  fee: null,
  failureReason: null,
  createdAt: '2026-03-01T10:01:00.000Z',
  updatedAt: '2026-03-01T10:02:30.000Z',
  direction: 'in',
  balanceAfter: 1250.6,
  ...overrides,
});

export const ledgerAnswer = (
  movements: LedgerMovement[],
  pagination: Schemas['Pagination'],
  overrides: Partial<LedgerAnswer> = {},
): LedgerAnswer => ({
  success: true,
  address: MERCHANT,
  openingBalance: 1100,
  totals: { in: 150.6, out: 20.25, fees: 1.1, net: 129.25 },
  movements,
  pagination,
  ...overrides,
});

export const errorAnswer = (code: Schemas['Error']['code'], error: string): Schemas['Error'] => ({
  success: false,
  code,
  error,
});
