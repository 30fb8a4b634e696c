import type { components } from '@trx-shop/client';

type Schemas = components['schemas'];
type Order = Schemas['Order'];

export const ORDER_ID = '6760c0f4a1b2c3d4e5f60730';

/** An order as `GET /api/orders` lists it: completed, 3 cables and a Ledger. */
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
  total: 1234.5,
  status: 'completed',
  paymentMethod: 'TRC-20',
  transactionHash: '4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c',
  walletAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  merchantAddress: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
  refundedAmount: 0,
  refundableAmount: 149.79,
  refunds: [],
  createdAt: '2026-03-01T10:30:00.000Z',
  updatedAt: '2026-03-01T10:31:00.000Z',
  userId: '6760c0f4a1b2c3d4e5f60701',
  ...overrides,
});

export const ordersAnswer = (
  orders: Order[],
  pagination: Schemas['Pagination'],
): Schemas['ListOrdersResponse'] => ({
  success: true,
  orders,
  pagination,
});
