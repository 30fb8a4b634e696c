import type { LeaseStore } from '@trx-shop/domain';
import type { Tables } from './tables.js';

export const createMemoryLeaseStore = ({ leases }: Pick<Tables, 'leases'>): LeaseStore => ({
  async tryAcquire(name, holder, now, ttlMs) {
    const lease = leases.get(name);
    if (lease && lease.holder !== holder && lease.expiresAt.getTime() > now.getTime()) return false;
    leases.set(name, { holder, expiresAt: new Date(now.getTime() + ttlMs) });
    return true;
  },
  async release(name, holder) {
    if (leases.get(name)?.holder === holder) leases.delete(name);
  },
});
