import type { components } from '@trx-shop/client';
import type { ReactNode } from 'react';
import { createElement } from 'react';
import { ShopperEventsContext, type ShopperEventsConnector } from '../../src/shared/api/shopper-events.js';

type Schemas = components['schemas'];
export type Order = Schemas['Order'];
export type FeeEstimate = Schemas['GetFeeEstimateResponse'];

export const SHOPPER_ID = '6760c0f4a1b2c3d4e5f60701';
export const ORDER_ID = '6760c0f4a1b2c3d4e5f60730';
export const OTHER_ORDER_ID = '6760c0f4a1b2c3d4e5f60731';
export const LEDGER_ID = '6760c0f4a1b2c3d4e5f60718';
export const CABLE_ID = '6760c0f4a1b2c3d4e5f60719';
export const SHOPPER_WALLET = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
export const MERCHANT_WALLET = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
export const PAYMENT_TX = '4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c';
export const REFUND_TX = 'aa9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c';

/** `GET /api/auth/profile` signed in as the shopper the orders belong to. */
export const signedIn = {
  method: 'GET',
  path: '/api/auth/profile',
  body: {
    user: {
      id: SHOPPER_ID,
      email: 'ann@example.com',
      username: 'ann',
      role: 'user',
      wallet: SHOPPER_WALLET,
      createdAt: '2026-03-01T09:58:00.000Z',
      lastLogin: null,
    },
  } satisfies Schemas['GetCurrentUserResponse'],
} as const;

/** A pending, unpaid order of two lines, priced as the API prices it (amounts unlike any a page could compute). */
export const anOrder = (overrides: Partial<Order> = {}): Order => ({
  _id: ORDER_ID,
  orderId: '#TRX-42',
  products: [
    { productId: LEDGER_ID, name: 'Ledger Nano X', price: 149.5, quantity: 1, color: null },
    { productId: CABLE_ID, name: 'USB cable', price: 0.123456, quantity: 3, color: null },
  ],
  subtotal: 149.870368,
  networkFee: -0.01,
  discount: 0,
  total: 149.860368,
  status: 'pending',
  paymentMethod: 'TRC-20',
  transactionHash: null,
  walletAddress: SHOPPER_WALLET,
  merchantAddress: MERCHANT_WALLET,
  refundedAmount: 0,
  refundableAmount: 0,
  refunds: [],
  createdAt: '2026-03-01T10:30:00.000Z',
  updatedAt: '2026-03-01T10:30:00.000Z',
  userId: SHOPPER_ID,
  ...overrides,
});

export const orderAnswer = (order: Order) => ({
  method: 'GET' as const,
  path: `/api/orders/${order._id}`,
  body: { success: true, order } satisfies Schemas['GetOrderResponse'],
});

/** `GET /api/wallets/fee-estimate` for the order's total, with what the wallet can spend. */
export const feeEstimate = (overrides: Partial<FeeEstimate> = {}) => ({
  method: 'GET' as const,
  path: '/api/wallets/fee-estimate',
  body: {
    success: true,
    purpose: 'payment',
    from: SHOPPER_WALLET,
    to: MERCHANT_WALLET,
    amount: 149.860368,
    estimatedFee: 0.267,
    feeBasis: 'bandwidth-burned',
    requiredAmount: 150.127368,
    balance: 1000,
    spendable: 1000,
    shortfall: 0,
    ...overrides,
  } satisfies FeeEstimate,
});

export const errorAnswer = (code: string, error: string, extra: Record<string, unknown> = {}) => ({
  success: false,
  code,
  error,
  ...extra,
});

/** The page inside the shopper room the test drives. */
export const inRoom = (connect: ShopperEventsConnector, page: ReactNode) =>
  createElement(ShopperEventsContext.Provider, { value: connect }, page);
