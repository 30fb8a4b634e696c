import type { components } from '@trx-shop/client';

type Schemas = components['schemas'];
export type StatsBody = Schemas['DashboardStats'];
export type SaleBody = Schemas['Sale'];
export type WebhookBody = Schemas['Webhook'];
export type ReportBody = Schemas['ReconciliationReport'];

export const sale = (overrides: Partial<SaleBody> = {}): SaleBody => ({
  _id: '6760c0f4a1b2c3d4e5f60730',
  orderId: '#TRX-1042',
  products: [
    { productId: '6760c0f4a1b2c3d4e5f60718', name: 'Ledger Nano X', price: 149.5, quantity: 1, color: null },
  ],
  subtotal: 149.5,
  networkFee: -0.01,
  discount: 0,
  total: 149.49,
  status: 'completed',
  paymentMethod: 'TRC-20',
  transactionHash: null,
  walletAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  merchantAddress: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
  refundedAmount: 0,
  refundableAmount: 149.49,
  refunds: [],
  createdAt: '2025-01-15T10:00:00.000Z',
  updatedAt: '2025-01-15T10:02:30.000Z',
  userId: { _id: '6760c0f4a1b2c3d4e5f60701', username: 'ann', email: 'ann@example.com' },
  txHash: null,
  ...overrides,
});

/** `count` UTC days from `first` on, each with the revenue and orders `revenueOf(index)` and `ordersOf(index)` give. */
export const chartDays = (
  count: number,
  revenueOf: (index: number) => number = () => 0,
  ordersOf: (index: number) => number = () => 0,
  first = '2024-07-19',
): StatsBody['chartData'] =>
  Array.from({ length: count }, (_, index) => ({
    date: new Date(Date.parse(`${first}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
    revenue: revenueOf(index),
    orders: ordersOf(index),
  }));

export const stats = (overrides: Partial<StatsBody> = {}): StatsBody => ({
  success: true,
  stats: {
    totals: {
      totalRevenue: 12500.75,
      totalOrders: 84,
      activeUsers: 31,
      totalUsers: 40,
      networkFees: 92.4,
      refunded: 150.6,
      netRevenue: 12350.15,
    },
    trends: { revenueChange: '+12.5%', ordersChange: '-3.0%', usersChange: '+100.0%', feesChange: '0.0%' },
    last30Days: { totalRevenue: 3100.2, totalOrders: 21, networkFees: 23.1 },
    statusCounts: { pending: 2, completed: 78, refunded: 1, failed: 1, cancelled: 2 },
  },
  recentSales: [sale()],
  topProducts: [],
  chartData: chartDays(7),
  ...overrides,
});

export const webhook = (overrides: Partial<WebhookBody> = {}): WebhookBody => ({
  _id: '6760c0f4a1b2c3d4e5f60750',
  url: 'https://erp.example.com/hooks/trx-shop',
  description: 'ERP order sync',
  events: [],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  previousSecretExpiresAt: null,
  createdAt: '2025-01-10T09:00:00.000Z',
  updatedAt: '2025-01-10T09:00:00.000Z',
  ...overrides,
});

const countKinds = (discrepancies: ReportBody['discrepancies']): ReportBody['summary']['byKind'] => {
  const counts = {
    'missing-from-ledger': 0,
    'not-on-chain': 0,
    'failed-on-chain': 0,
    mismatch: 0,
    balance: 0,
  };
  for (const row of discrepancies) counts[row.kind] += 1;
  return counts;
};

export const report = (discrepancies: ReportBody['discrepancies'] = []): ReportBody => ({
  id: '6760c0f4a1b2c3d4e5f60770',
  ok: discrepancies.length === 0,
  startedAt: '2025-01-15T11:00:00.000Z',
  finishedAt: '2025-01-15T11:00:04.000Z',
  blocks: { from: 61250000, to: 61251200 },
  transfersChecked: 38,
  linesChecked: 38,
  allWallets: false,
  walletsChecked: 12,
  walletsSkipped: 0,
  openingsRecorded: 0,
  summary: {
    discrepancies: discrepancies.length,
    byKind: countKinds(discrepancies),
  },
  discrepancies,
});

export const mismatch: ReportBody['discrepancies'][number] = {
  kind: 'mismatch',
  txHash: '4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c',
  transactionId: '6760c0f4a1b2c3d4e5f60740',
  address: null,
  blockNumber: 61250123,
  field: 'amount',
  ledger: '150.6',
  chain: '150.5',
  detail: 'the ledger and the chain disagree on the amount',
};
