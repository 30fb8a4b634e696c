import type { User } from '@trx-shop/domain';
import { buildUser, generateShopDataSet, loadShopDataSet, type ShopDataSet } from '@trx-shop/store-contract';
import type { LoggedIn } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';
import { adminPasswordHash, DAY_MS, loginAdmin } from './admin-fixtures.js';

/** "Now" for generated data sets: mid-day, so UTC day edges and window edges are not trivial. */
export const DATA_SET_NOW = new Date('2026-06-15T13:37:21.123Z');

export const trendWindows = (now: Date) => ({
  current: { from: new Date(now.getTime() - 30 * DAY_MS), to: now },
  previous: { from: new Date(now.getTime() - 60 * DAY_MS), to: new Date(now.getTime() - 30 * DAY_MS) },
});

export const chartStartOf = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 180));

/**
 * Loads `data` plus an admin who calls the API (part of the data, so the expected figures count
 * it as a user) into the app, with the app's clock at the data set's "now" so the windows line up.
 */
export const loadWithCallingAdmin = async (
  h: TestApp,
  generated: ShopDataSet,
  adminCreatedAt = new Date(generated.now.getTime() - 100 * DAY_MS),
): Promise<{ data: ShopDataSet; admin: LoggedIn; adminUser: User }> => {
  h.clock.set(generated.now);
  const adminUser = buildUser({
    role: 'admin',
    username: `calling_admin_${generated.seed}`,
    email: `calling.admin.${generated.seed}@example.com`,
    passwordHash: await adminPasswordHash(),
    createdAt: adminCreatedAt,
    updatedAt: adminCreatedAt,
  });
  const data: ShopDataSet = { ...generated, users: [...generated.users, adminUser] };
  await loadShopDataSet(h.store, data);
  const admin = await loginAdmin(h, adminUser);
  return { data, admin, adminUser };
};

/** A generated data set: 200 days, every status, several admins and customers, refunds. */
export const generatedDataSet = (
  seed: number,
  sizes: { users?: number; orders?: number } = {},
): ShopDataSet => generateShopDataSet({ seed, now: DATA_SET_NOW, days: 200, ...sizes });
