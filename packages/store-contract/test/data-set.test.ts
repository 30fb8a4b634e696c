import { ORDER_STATUSES } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { buildOrder, buildOrderLine, newObjectId, generateShopDataSet, seededRandom } from '../src/index.js';

const now = new Date('2026-06-15T13:37:21.123Z');
const DAY_MS = 86_400_000;

describe('test-data builders', () => {
  it('makes distinct 24-hex object ids that start with the creation second', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const ids = new Set(Array.from({ length: 1000 }, () => newObjectId(at)));
    expect(ids.size).toBe(1000);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{24}$/);
      expect(id.slice(0, 8)).toBe((at.getTime() / 1000).toString(16));
    }
  });

  it('prices an order from its lines with the -0.01 TRX network fee', () => {
    const order = buildOrder({
      lines: [
        buildOrderLine({ priceSun: 100_000, quantity: 3 }),
        buildOrderLine({ priceSun: 200_000, quantity: 1 }),
      ],
    });
    expect(order).toMatchObject({
      subtotalSun: 500_000,
      networkFeeSun: -10_000,
      totalSun: 490_000,
      status: 'pending',
    });
    expect(order.stockTaken).toEqual([null, null]);
  });
});

describe('generated data set', () => {
  it('repeats the same random sequence for the same seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const first = Array.from({ length: 5 }, () => a.integer(0, 1000));
    expect(Array.from({ length: 5 }, () => b.integer(0, 1000))).toEqual(first);
    expect(Array.from({ length: 5 }, () => seededRandom(8).integer(0, 1000))).not.toEqual(first);
  });

  it('spreads orders in every status over 200 days, oldest first, with window edges included', () => {
    const data = generateShopDataSet({ seed: 99, now });
    const statuses = new Set(data.orders.map((order) => order.status));
    expect([...statuses].sort()).toEqual([...ORDER_STATUSES].sort());
    for (let i = 1; i < data.orders.length; i++) {
      expect(data.orders[i]?.createdAt.getTime()).toBeGreaterThanOrEqual(
        data.orders[i - 1]?.createdAt.getTime() ?? 0,
      );
    }
    const times = data.orders.map((order) => order.createdAt.getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now.getTime() - 200 * DAY_MS);
    expect(Math.max(...times)).toBeLessThan(now.getTime());
    expect(times).toContain(now.getTime() - 30 * DAY_MS);
    expect(times).toContain(now.getTime() - 60 * DAY_MS);
    expect(data.users.some((user) => user.role === 'admin')).toBe(true);
    expect(data.users.some((user) => !user.isActive)).toBe(true);
  });

  it("leaves at most one pending order per user, and only the user's latest", () => {
    const data = generateShopDataSet({ seed: 5, now });
    const latest = new Map<string, string>();
    for (const order of data.orders) latest.set(order.userId, order.id);
    for (const order of data.orders) {
      if (order.status === 'pending') expect(latest.get(order.userId)).toBe(order.id);
    }
  });
});
