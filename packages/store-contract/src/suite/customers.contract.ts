import { describe, expect, it } from 'vitest';
import {
  expectedCustomerStats,
  expectedCustomers,
  expectedTotalSpent,
} from '../data-set/expected-figures.js';
import { newObjectId } from '../builders/object-id.js';
import type { ContractHarness } from '../harness.js';
import { describeCustomerSearchContract } from './customer-search.contract.js';
import { DATA_SET_NOW, useLoadedDataSet } from './use-data-set.js';

const DAY_MS = 86_400_000;
const windows = {
  current: { from: new Date(DATA_SET_NOW.getTime() - 30 * DAY_MS), to: DATA_SET_NOW },
  previous: {
    from: new Date(DATA_SET_NOW.getTime() - 60 * DAY_MS),
    to: new Date(DATA_SET_NOW.getTime() - 30 * DAY_MS),
  },
};

export const describeCustomerReadModelContract = (harness: ContractHarness): void => {
  describe('customer read models on a generated data set', () => {
    const loaded = useLoadedDataSet(harness, 20260615);

    it('lists customers newest first with totalSpent = completed - refunded totals', async () => {
      const { store, data } = loaded();
      const expected = expectedCustomers(data);
      const page = await store.users.listCustomers({}, { limit: 100, page: 1 });
      expect(page.total).toBe(expected.length);
      expect(page.items.map((row) => row.user.id)).toEqual(expected.map((user) => user.id));
      for (const row of page.items) {
        expect(row.totalSpentSun, row.user.username).toBe(expectedTotalSpent(data, row.user.id));
      }
      expect(page.items[0]?.user).toEqual(expected[0]);
    });

    it('pages through customers and searches username or email literally and case-insensitively', async () => {
      const { store, data } = loaded();
      const expected = expectedCustomers(data);
      const second = await store.users.listCustomers({}, { limit: 7, page: 2 });
      expect(second.items.map((row) => row.user.id)).toEqual(expected.slice(7, 14).map((user) => user.id));
      expect(second.pages).toBe(Math.ceil(expected.length / 7));
      for (const search of ['SHOPPER_1', 'shopper1', '@example.COM', 'r_2', '.', '%', '(', '*']) {
        const matched = await store.users.listCustomers({ search }, { limit: 100, page: 1 });
        const ids = expectedCustomers(data, search).map((user) => user.id);
        expect(
          matched.items.map((row) => row.user.id),
          search,
        ).toEqual(ids);
        expect(matched.total, search).toBe(ids.length);
      }
    });

    it('reads the customers among given ids in the order given, with totals, skipping the rest', async () => {
      const { store, data } = loaded();
      const customers = expectedCustomers(data);
      const adminId = data.users.find((user) => user.role === 'admin')?.id ?? '';
      expect(adminId).not.toBe('');
      const picked = [5, 0, 9, 2].map((index) => customers[index]?.id ?? '');
      const [first, second, third, fourth] = picked as [string, string, string, string];
      const rows = await store.users.customersByIds([first, newObjectId(), second, adminId, third, fourth]);
      expect(rows.map((row) => row.user.id)).toEqual(picked);
      expect(rows[1]?.user).toEqual(customers[0]);
      for (const row of rows) {
        expect(row.totalSpentSun, row.user.username).toBe(expectedTotalSpent(data, row.user.id));
      }
      expect(await store.users.customersByIds([])).toEqual([]);
    });

    it('answers the ids a search matches newest first, every customer for an empty one', async () => {
      const { store, data } = loaded();
      for (const search of ['', 'SHOPPER_1', '@example.COM', 'r_2', 'no such customer']) {
        const ids = expectedCustomers(data, search).map((user) => user.id);
        expect(await store.users.customerIdsMatching(search, ids.length), search).toEqual(ids);
      }
    });

    it('computes customer stats for both 30-day windows', async () => {
      const { store, data } = loaded();
      const figures = await store.users.customerStats(windows);
      expect(figures).toEqual(expectedCustomerStats(data, windows.current, windows.previous));
    });

    it('streams every customer newest first with totals, in batches', async () => {
      const { store, data } = loaded();
      const streamed: { id: string; totalSpentSun: number }[] = [];
      for await (const row of store.users.streamCustomers()) {
        streamed.push({ id: row.user.id, totalSpentSun: row.totalSpentSun });
      }
      expect(streamed).toEqual(
        expectedCustomers(data).map((user) => ({
          id: user.id,
          totalSpentSun: expectedTotalSpent(data, user.id),
        })),
      );
    });
  });

  describeCustomerSearchContract(harness);
};
