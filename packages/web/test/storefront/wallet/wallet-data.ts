import type { components } from '@trx-shop/client';
import type { FakeAnswer } from '../../support/fake-api.js';

type Schemas = components['schemas'];

export const OWN_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
export const RECIPIENT = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
export const DEPOSIT_TX = 'd3f0c4e1b2a39788f6e5d4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3a291807';
export const PAYMENT_TX = '4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c';
export const ORDER_ID = '6760c0f4a1b2c3d4e5f60730';

export const profileAnswer = (twoFactorEnabled: boolean): FakeAnswer => ({
  method: 'GET',
  path: '/api/users/profile',
  body: {
    success: true,
    user: {
      _id: '6760c0f4a1b2c3d4e5f60701',
      email: 'ann@example.com',
      username: 'ann',
      role: 'user',
      wallet: { address: OWN_ADDRESS, externalAddress: null },
      phone: null,
      country: 'DE',
      twoFactorEnabled,
      isActive: true,
      emailVerified: true,
      lastLogin: '2026-03-01T09:58:00.000Z',
      createdAt: '2026-01-02T08:00:00.000Z',
      updatedAt: '2026-03-01T09:58:00.000Z',
    },
  } satisfies Schemas['GetProfileResponse'],
});

/** USDT as the embedded devnet airdrops it, and what a USDT transfer to a new holder burns there. */
export const AIRDROP_USDT = 1000;
export const USDT_TRANSFER_FEE = 13.0285;

export const balanceAnswer = (
  balance = 1000,
  pendingOutgoing = 0,
  usdt: { balance: number; pendingOutgoing?: number; transferFee?: number | null } | null = {
    balance: AIRDROP_USDT,
  },
): FakeAnswer => ({
  method: 'GET',
  path: '/api/wallets/balance',
  body: {
    success: true,
    address: OWN_ADDRESS,
    balance,
    pendingOutgoing,
    balances: [
      { currency: 'TRX', balance, pendingOutgoing },
      ...(usdt === null
        ? []
        : [{ currency: 'USDT' as const, balance: usdt.balance, pendingOutgoing: usdt.pendingOutgoing ?? 0 }]),
    ],
    usdtTransferFee:
      usdt === null ? null : usdt.transferFee === undefined ? USDT_TRANSFER_FEE : usdt.transferFee,
  } satisfies Schemas['GetWalletBalanceResponse'],
});

export const aTransaction = (overrides: Partial<Schemas['Transaction']> = {}): Schemas['Transaction'] => ({
  _id: '6760c0f4a1b2c3d4e5f60740',
  userId: '6760c0f4a1b2c3d4e5f60701',
  orderId: null,
  type: 'deposit',
  amount: 1000,
  currency: 'TRX',
  network: 'TRC-20',
  transactionHash: DEPOSIT_TX,
  fromAddress: RECIPIENT,
  toAddress: OWN_ADDRESS,
  status: 'confirmed',
  confirmations: 21,
  blockNumber: 120,
  fee: 0,
  failureReason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:01:00.000Z',
  ...overrides,
});

export const transactionsAnswer = (
  transactions: Schemas['Transaction'][],
  pagination: Schemas['Pagination'] = { total: transactions.length, page: 1, pages: 1, limit: 10 },
): FakeAnswer => ({
  method: 'GET',
  path: '/api/transactions',
  body: { success: true, transactions, pagination } satisfies Schemas['ListTransactionsResponse'],
});

export const feeEstimateAnswer = (
  overrides: Partial<Schemas['GetFeeEstimateResponse']> = {},
): FakeAnswer => ({
  method: 'GET',
  path: '/api/wallets/fee-estimate',
  body: {
    success: true,
    purpose: 'withdrawal',
    from: OWN_ADDRESS,
    to: RECIPIENT,
    amount: 12.5,
    estimatedFee: 1.1,
    feeBasis: 'account-activation',
    requiredAmount: 13.6,
    balance: 1000,
    spendable: 1000,
    shortfall: 0,
    ...overrides,
  } satisfies Schemas['GetFeeEstimateResponse'],
});

export const sendAnswer = (): FakeAnswer => ({
  method: 'POST',
  path: '/api/wallets/send',
  body: {
    success: true,
    message: 'Withdrawal sent; awaiting confirmation',
    transaction: { hash: PAYMENT_TX, from: OWN_ADDRESS, to: RECIPIENT, amount: 12.5, status: 'pending' },
  } satisfies Schemas['SendFromWalletResponse'],
});

export const errorAnswer = (
  method: FakeAnswer['method'],
  path: string,
  status: number,
  body: Record<string, unknown> & { code: string; error: string },
): FakeAnswer => ({ method, path, status, body: { success: false, ...body } });
