import type { components } from '@trx-shop/client';

type Schemas = components['schemas'];
export type Customer = Schemas['Customer'];

export const CUSTOMER_ID = '6760c0f4a1b2c3d4e5f60701';
export const WALLET = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** A customer as listCustomers lists them (and getCustomer answers them). */
export const aCustomer = (overrides: Partial<Customer> = {}): Customer => ({
  _id: CUSTOMER_ID,
  email: 'ann@example.com',
  username: 'ann',
  role: 'user',
  wallet: { address: WALLET, externalAddress: null },
  phone: null,
  country: 'DE',
  twoFactorEnabled: true,
  isActive: true,
  emailVerified: true,
  lastLogin: '2026-03-02T09:58:00.000Z',
  createdAt: '2026-01-02T08:00:00.000Z',
  updatedAt: '2026-03-02T09:58:00.000Z',
  totalSpent: 1259.98,
  ...overrides,
});

export const customersAnswer = (
  users: Customer[],
  pagination: Schemas['Pagination'],
): Schemas['ListCustomersResponse'] => ({
  success: true,
  users,
  stats: { total: 42, totalVolume: 98765.4321, totalChange: '+12.5%', volumeChange: '-3.2%' },
  pagination,
});

export const customerAnswer = (customer: Customer): Schemas['GetCustomerResponse'] => ({
  success: true,
  customer,
  orders: {
    total: 4,
    byStatus: { pending: 1, completed: 2, refunded: 1, failed: 0, cancelled: 0 },
    lastOrderAt: '2026-03-01T10:30:00.000Z',
  },
});

export const errorAnswer = (code: Schemas['Error']['code'], error: string): Schemas['Error'] => ({
  success: false,
  code,
  error,
});
