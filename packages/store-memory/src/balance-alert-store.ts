import type { BalanceAlertStore } from '@trx-shop/domain';
import { writeOutbox } from './outbox-store.js';
import type { Tables } from './tables.js';

export const createMemoryBalanceAlertStore = ({
  balanceAlerts,
  outbox,
}: Pick<Tables, 'balanceAlerts' | 'outbox'>): BalanceAlertStore => ({
  async isLow(address) {
    return balanceAlerts.get(address)?.low ?? false;
  },
  async recordLow(address, low, at, events) {
    // Never recorded reads as not low, as in the real stores: only a change writes.
    if ((balanceAlerts.get(address)?.low ?? false) === low) return false;
    balanceAlerts.set(address, { low, changedAt: at });
    writeOutbox({ outbox }, 'balanceAlert', address, events);
    return true;
  },
});
