import type { components } from '@trx-shop/client';

type Schemas = components['schemas'];
export type Order = Schemas['Order'];
export type Sale = Schemas['Sale'];
export type HistoryEntry = Schemas['OrderHistoryEntry'];

export const ORDER_ID = '6760c0f4a1b2c3d4e5f60730';
export const CUSTOMER_ID = '6760c0f4a1b2c3d4e5f60701';
export const CUSTOMER_WALLET = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
export const PAYMENT_TX = '4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c';
export const REFUND_TX = 'aa9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c';

/** An order as `GET /api/orders/{id}` answers it: completed, paid, nothing refunded yet. */
export const anOrder = (overrides: Partial<Order> = {}): Order => ({
  _id: ORDER_ID,
  orderId: '#TRX-42',
  products: [
    { productId: '6760c0f4a1b2c3d4e5f60718', name: 'USB cable', price: 0.1, quantity: 3, color: null },
    {
      productId: '6760c0f4a1b2c3d4e5f60719',
      name: 'Ledger Nano X',
      price: 149.5,
      quantity: 1,
      color: 'black',
    },
  ],
  subtotal: 149.8,
  networkFee: -0.01,
  discount: 0,
  total: 149.79,
  status: 'completed',
  paymentMethod: 'TRC-20',
  transactionHash: PAYMENT_TX,
  walletAddress: CUSTOMER_WALLET,
  merchantAddress: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
  refundedAmount: 0,
  refundableAmount: 149.79,
  refunds: [],
  createdAt: '2026-03-01T10:30:00.000Z',
  updatedAt: '2026-03-01T10:31:00.000Z',
  userId: CUSTOMER_ID,
  ...overrides,
});

/** A sale as `GET /api/admin/sales` lists it: the order with its customer. */
export const aSale = (overrides: Partial<Sale> = {}): Sale => {
  const order = anOrder();
  return {
    ...order,
    userId: { _id: CUSTOMER_ID, username: 'ann', email: 'ann@example.com' },
    txHash: order.transactionHash,
    ...overrides,
  };
};

export const salesAnswer = (
  sales: Sale[],
  pagination: Schemas['Pagination'],
): Schemas['ListSalesResponse'] => ({ success: true, sales, pagination });

export const orderAnswer = (order: Order): Schemas['GetOrderResponse'] => ({ success: true, order });

let sequence = 0;
export const anEvent = (
  type: string,
  at: string,
  data: HistoryEntry['data'] = {},
  actor: HistoryEntry['actor'] = null,
): HistoryEntry => {
  sequence += 1;
  return { _id: `6760c0f4a1b2c3d4e5f6${String(sequence).padStart(4, '0')}`, sequence, at, type, actor, data };
};

export const historyAnswer = (history: HistoryEntry[]): Schemas['GetOrderHistoryResponse'] => ({
  success: true,
  history,
});

export const anAdmin: NonNullable<HistoryEntry['actor']> = {
  kind: 'admin',
  id: '6760c0f4a1b2c3d4e5f60702',
  sessionId: '6760c0f4a1b2c3d4e5f60791',
  label: 'admin@example.com',
  address: '203.0.113.7',
};

export const errorAnswer = (code: Schemas['Error']['code'], error: string): Schemas['Error'] => ({
  success: false,
  code,
  error,
});
