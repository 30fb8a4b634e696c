import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OrderStatus, User } from '@trx-shop/domain';
import { buildOrder, buildOrderLine, buildUser, newObjectId, seededRandom } from '@trx-shop/store-contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';
import { createSqliteCustomerReadModel } from '../src/read-models/customers.read-model.js';
import { createSqliteOrderStore } from '../src/repositories/order-store.js';
import { createSqliteUserStore } from '../src/repositories/user-store.js';
import { insertUserAtVersion } from './user-row-at-version.js';
import { migrate } from '../src/schema/migrate.js';
import { MIGRATIONS } from '../src/schema/migrations.js';
import type { Database } from '../src/sqlite-database.js';
import { SqliteDatabase } from '../src/sqlite-driver.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const STATUSES: readonly OrderStatus[] = ['completed', 'refunded', 'failed', 'cancelled', 'pending'];

/** What the triggers keep, recounted from the users themselves (days floored, before 1970 too). */
const RECOUNT =
  'SELECT created_at / 86400000 - (created_at % 86400000 < 0) AS utc_day, COUNT(*) AS customers ' +
  "FROM users WHERE role = 'user' GROUP BY 1 ORDER BY 1";
const KEPT = 'SELECT utc_day, customers FROM customer_day_counts WHERE customers <> 0 ORDER BY 1';
/** The same per UTC hour (migration 21). */
const RECOUNT_HOURLY_CUSTOMERS =
  'SELECT created_at / 3600000 - (created_at % 3600000 < 0) AS utc_hour, COUNT(*) AS customers ' +
  "FROM users WHERE role = 'user' GROUP BY 1 ORDER BY 1";
const KEPT_HOURLY_CUSTOMERS =
  'SELECT utc_hour, customers FROM customer_hour_counts WHERE customers <> 0 ORDER BY 1';
/** Completed minus refunded totals of customers' orders per UTC hour, recounted from the orders. */
const RECOUNT_HOURS =
  'SELECT o.created_at / 3600000 - (o.created_at % 3600000 < 0) AS utc_hour, ' +
  "SUM(CASE o.status WHEN 'completed' THEN o.total_sun ELSE -o.total_sun END) AS volume_sun " +
  "FROM orders o JOIN users u ON u.id = o.user_id AND u.role = 'user' " +
  "WHERE o.status IN ('completed', 'refunded') GROUP BY 1 HAVING volume_sun <> 0 ORDER BY 1";
const KEPT_HOURS = 'SELECT utc_hour, volume_sun FROM customer_volume_hours WHERE volume_sun <> 0 ORDER BY 1';
/** The all-time volume, recounted from the orders, and as migration 21 keeps it. */
const RECOUNT_TOTAL =
  "SELECT COALESCE(SUM(CASE o.status WHEN 'completed' THEN o.total_sun ELSE -o.total_sun END), 0) AS sun " +
  "FROM orders o JOIN users u ON u.id = o.user_id AND u.role = 'user' WHERE o.status IN ('completed', 'refunded')";
const KEPT_TOTAL = 'SELECT volume_sun AS sun FROM customer_volume_total WHERE id = 1';
/** The same volume over an instant range, straight from the orders. */
const VOLUME_IN =
  "SELECT COALESCE(SUM(CASE o.status WHEN 'completed' THEN o.total_sun ELSE -o.total_sun END), 0) AS sun " +
  "FROM orders o JOIN users u ON u.id = o.user_id AND u.role = 'user' " +
  "WHERE o.status IN ('completed', 'refunded') AND o.created_at >= ? AND o.created_at < ?";

const insertRaw = insertUserAtVersion;

/** Customers created in [from, to), counted from the users the test made. */
const countedIn = (users: readonly User[], from: number, to: number): number =>
  users.filter(
    (user) => user.role === 'user' && user.createdAt.getTime() >= from && user.createdAt.getTime() < to,
  ).length;

const randomUsers = (seed: number, count: number, spanDays: number): User[] => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const createdAt = new Date(random.integer(-2 * DAY_MS, spanDays * DAY_MS));
    return buildUser({
      email: `day${seed}.${i}@example.com`,
      username: `day_${seed}_${i}`,
      // Every fourth an admin: their orders and days must stay out of the customers' figures.
      role: i % 4 === 1 ? 'admin' : 'user',
      createdAt,
      updatedAt: createdAt,
    });
  });
};

/** Windows on, across and inside unit edges (before 1970 too), then 40 random ones, in `unitMs` units. */
const windowsOver = (seed: number, unitMs: number, spanUnits: number): [number, number][] => {
  const random = seededRandom(seed);
  const windows: [number, number][] = [
    [0, 3 * unitMs],
    [-2 * unitMs, (spanUnits + 1) * unitMs],
    [unitMs / 2, unitMs / 2 + 1],
    [-unitMs - 5, 4 * unitMs + 7],
  ];
  for (let i = 0; i < 40; i++) {
    const from = random.integer(-3 * unitMs, (spanUnits + 1) * unitMs);
    windows.push([from, from + random.integer(1, Math.ceil(spanUnits * 0.7) * unitMs)]);
  }
  return windows;
};

/** The stats with `[from, to)` as the current window and the day before `from` as the previous one. */
const statsFor = (readModel: ReturnType<typeof createSqliteCustomerReadModel>, from: number, to: number) =>
  readModel.customerStats({
    current: { from: new Date(from), to: new Date(to) },
    previous: { from: new Date(from - DAY_MS), to: new Date(from) },
  });

/** These build a file at an old version and run every later migration on it: seconds on a busy machine. */
const MIGRATING_FILE_TIMEOUT_MS = 20_000;

describe('customers created per UTC day and hour (migrations 17 and 21)', () => {
  let db: Database;
  beforeEach(() => {
    db = new SqliteDatabase(':memory:');
    migrate(db);
  });
  afterEach(() => db.close());

  it('match a recount after inserts, role changes both ways, moved creation times and deletes', async () => {
    const users = createSqliteUserStore(db);
    const made = randomUsers(11, 80, 6);
    for (const user of made) expect((await users.insert(user)).ok).toBe(true);
    // On a midnight and the millisecond before it.
    for (const [i, at] of [2 * DAY_MS, 2 * DAY_MS - 1, 0, -1].entries()) {
      const user = buildUser({
        email: `edge${i}@example.com`,
        username: `edge_${i}`,
        createdAt: new Date(at),
      });
      expect((await users.insert(user)).ok).toBe(true);
    }
    expect(db.prepare(KEPT).all()).toEqual(db.prepare(RECOUNT).all());
    expect(db.prepare(KEPT_HOURLY_CUSTOMERS).all()).toEqual(db.prepare(RECOUNT_HOURLY_CUSTOMERS).all());

    const [promoted, demoted, moved, both, removed] = [
      made.find((user) => user.role === 'user'),
      made.find((user) => user.role === 'admin'),
      made.filter((user) => user.role === 'user')[1],
      made.filter((user) => user.role === 'admin')[1],
      made.filter((user) => user.role === 'user')[2],
    ];
    db.prepare("UPDATE users SET role = 'admin' WHERE id = ?").run(promoted?.id);
    db.prepare("UPDATE users SET role = 'user' WHERE id = ?").run(demoted?.id);
    db.prepare('UPDATE users SET created_at = created_at + ? WHERE id = ?').run(3 * DAY_MS, moved?.id);
    db.prepare("UPDATE users SET role = 'user', created_at = created_at - ? WHERE id = ?").run(
      DAY_MS,
      both?.id,
    );
    db.prepare('DELETE FROM users WHERE id = ?').run(removed?.id);
    // A write that changes neither column leaves the counts alone.
    db.prepare("UPDATE users SET username = username || '_x' WHERE role = 'user'").run();
    expect(db.prepare(KEPT).all()).toEqual(db.prepare(RECOUNT).all());
    expect(db.prepare(KEPT_HOURLY_CUSTOMERS).all()).toEqual(db.prepare(RECOUNT_HOURLY_CUSTOMERS).all());
  });

  it('count the customers of any window exactly: whole days and hours from the summaries, partial hours from the users', async () => {
    const users = createSqliteUserStore(db);
    const made = randomUsers(23, 300, 12);
    for (const user of made) expect((await users.insert(user)).ok).toBe(true);
    const readModel = createSqliteCustomerReadModel(db);
    for (const [from, to] of windowsOver(5, DAY_MS, 12)) {
      const stats = await statsFor(readModel, from, to);
      expect(stats.customersCreated, `[${from}, ${to})`).toEqual({
        current: countedIn(made, from, to),
        previous: countedIn(made, from - DAY_MS, from),
      });
    }
  });
});

/** Orders of random users in random statuses over `spanHours`, before 1970 too; answers their ids. */
const writeOrders = async (
  db: Database,
  owners: readonly User[],
  seed: number,
  count: number,
  spanHours: number,
) => {
  const random = seededRandom(seed);
  const orders = createSqliteOrderStore(db);
  const products = Array.from({ length: 3 }, () => newObjectId());
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(random.integer(-5 * HOUR_MS, spanHours * HOUR_MS));
    const lines = [buildOrderLine({ productId: random.pick(products), quantity: random.integer(1, 4) })];
    const order = buildOrder({ userId: random.pick(owners).id, lines, createdAt, updatedAt: createdAt });
    const created = await orders.create({ ...order, status: random.pick(STATUSES) });
    if (created.ok) ids.push(order.id);
  }
  return ids;
};

describe("customers' order volume per UTC hour and in all (migrations 18 and 21)", () => {
  let db: Database;
  beforeEach(() => {
    db = new SqliteDatabase(':memory:');
    migrate(db);
  });
  afterEach(() => db.close());

  it('matches a recount after orders change status, total, time and owner, and users their role', async () => {
    const users = createSqliteUserStore(db);
    const owners = randomUsers(41, 8, 1);
    for (const user of owners.slice(0, 6)) expect((await users.insert(user)).ok).toBe(true);
    // Orders of the last two owners are written before they register.
    const ids = await writeOrders(db, owners, 43, 120, 30);
    expect(db.prepare(KEPT_HOURS).all()).toEqual(db.prepare(RECOUNT_HOURS).all());
    expect(db.prepare(KEPT_TOTAL).get()).toEqual(db.prepare(RECOUNT_TOTAL).get());
    expect(db.prepare(KEPT_HOURS).all().length).toBeGreaterThan(5);

    const random = seededRandom(47);
    const orders = createSqliteOrderStore(db);
    for (const id of ids.slice(0, 30)) {
      await orders.changeStatus(id, { from: [...STATUSES], to: random.pick(STATUSES), at: new Date() });
    }
    expect(db.prepare(KEPT_HOURS).all()).toEqual(db.prepare(RECOUNT_HOURS).all());
    expect(db.prepare(KEPT_TOTAL).get()).toEqual(db.prepare(RECOUNT_TOTAL).get());

    for (const user of owners.slice(6)) expect((await users.insert(user)).ok).toBe(true);
    const customers = owners.filter((user) => user.role === 'user');
    const admins = owners.filter((user) => user.role === 'admin');
    db.prepare("UPDATE users SET role = 'admin' WHERE id = ?").run(customers[0]?.id);
    if (admins[0]) db.prepare("UPDATE users SET role = 'user' WHERE id = ?").run(admins[0].id);
    db.prepare('DELETE FROM users WHERE id = ?').run(customers[1]?.id);
    db.prepare('UPDATE users SET id = ? WHERE id = ?').run(newObjectId(), customers[2]?.id);
    expect(db.prepare(KEPT_HOURS).all()).toEqual(db.prepare(RECOUNT_HOURS).all());
    expect(db.prepare(KEPT_TOTAL).get()).toEqual(db.prepare(RECOUNT_TOTAL).get());

    const moved = ids.slice(40, 50);
    db.prepare('UPDATE orders SET created_at = created_at + ? WHERE id = ?').run(HOUR_MS / 2, moved[0]);
    db.prepare('UPDATE orders SET total_sun = total_sun + 13 WHERE id = ?').run(moved[1]);
    db.prepare("UPDATE orders SET status = 'completed', total_sun = total_sun * 2 WHERE id = ?").run(
      moved[2],
    );
    db.prepare('UPDATE orders SET user_id = ? WHERE id = ?').run(customers[3]?.id, moved[3]);
    db.prepare('DELETE FROM orders WHERE id IN (?, ?)').run(moved[4], moved[5]);
    expect(db.prepare(KEPT_HOURS).all()).toEqual(db.prepare(RECOUNT_HOURS).all());
    expect(db.prepare(KEPT_TOTAL).get()).toEqual(db.prepare(RECOUNT_TOTAL).get());
  });

  it('sums the volume of any window exactly: whole days from the day totals, whole hours from the summary, partial hours from the orders', async () => {
    const users = createSqliteUserStore(db);
    const owners = randomUsers(53, 10, 1);
    for (const user of owners) expect((await users.insert(user)).ok).toBe(true);
    await writeOrders(db, owners, 59, 300, 72);
    const readModel = createSqliteCustomerReadModel(db);
    const volumeIn = db.prepare<[number, number], { sun: number }>(VOLUME_IN);
    for (const [from, to] of windowsOver(61, HOUR_MS, 72)) {
      const stats = await statsFor(readModel, from, to);
      expect(stats.volumeSun, `[${from}, ${to})`).toEqual({
        current: volumeIn.get(from, to)?.sun,
        previous: volumeIn.get(from - DAY_MS, from)?.sun,
      });
      expect(stats.totalVolumeSun).toBe(db.prepare<[], { sun: number }>(RECOUNT_TOTAL).get()?.sun);
    }
  });
});

describe('migrations 17, 18 and 21 on an existing file', () => {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });
  /** A file at schema `version`, filled by `fill` before this code's migrations ever see it. */
  const fileAtVersion = async (version: number, fill: (db: Database) => Promise<void>): Promise<string> => {
    const directory = mkdtempSync(join(tmpdir(), 'trx-shop-stats-summaries-'));
    directories.push(directory);
    const filename = join(directory, 'shop.db');
    const old = new SqliteDatabase(filename);
    for (const migration of MIGRATIONS.slice(0, version)) old.exec(migration);
    old.pragma(`user_version = ${version}`);
    await fill(old);
    old.close();
    return filename;
  };
  const expectKeptToMatchARecount = (filename: string, kept: string, recount: string) => {
    const migrated = new SqliteDatabase(filename, { readonly: true });
    try {
      expect(migrated.prepare(kept).all()).toEqual(migrated.prepare(recount).all());
      expect(migrated.prepare(kept).all().length).toBeGreaterThan(3);
    } finally {
      migrated.close();
    }
  };

  it("counts a version-16 file's customers per day, then keeps counting new ones", {
    timeout: MIGRATING_FILE_TIMEOUT_MS,
  }, async () => {
    const before = randomUsers(31, 60, 5);
    const filename = await fileAtVersion(16, async (old) => {
      for (const user of before) insertRaw(old, user);
    });
    const store = await openSqliteStore({ filename });
    const later = randomUsers(37, 20, 5);
    try {
      for (const user of later) expect((await store.users.insert(user)).ok).toBe(true);
      const everyone = [...before, ...later];
      const stats = await store.users.customerStats({
        current: { from: new Date(DAY_MS + 123), to: new Date(4 * DAY_MS + 456) },
        previous: { from: new Date(-2 * DAY_MS), to: new Date(DAY_MS + 123) },
      });
      expect(stats.customersCreated).toEqual({
        current: countedIn(everyone, DAY_MS + 123, 4 * DAY_MS + 456),
        previous: countedIn(everyone, -2 * DAY_MS, DAY_MS + 123),
      });
    } finally {
      await store.close();
    }
    expectKeptToMatchARecount(filename, KEPT, RECOUNT);
  });

  it("sums a version-17 file's customer orders per hour, then keeps summing new ones", {
    timeout: MIGRATING_FILE_TIMEOUT_MS,
  }, async () => {
    const owners = randomUsers(67, 6, 1);
    const filename = await fileAtVersion(17, async (old) => {
      for (const user of owners) insertRaw(old, user);
      await writeOrders(old, owners, 71, 80, 48);
    });
    const store = await openSqliteStore({ filename });
    try {
      const order = buildOrder({
        userId: owners.find((user) => user.role === 'user')?.id,
        createdAt: new Date(HOUR_MS),
      });
      expect((await store.orders.create({ ...order, status: 'completed' })).ok).toBe(true);
    } finally {
      await store.close();
    }
    expectKeptToMatchARecount(filename, KEPT_HOURS, RECOUNT_HOURS);
  });
  it("counts a version-20 file's customers per hour and its customers' volume, then keeps both", {
    timeout: MIGRATING_FILE_TIMEOUT_MS,
  }, async () => {
    const owners = randomUsers(73, 12, 2);
    const filename = await fileAtVersion(20, async (old) => {
      for (const user of owners) insertRaw(old, user);
      await writeOrders(old, owners, 79, 80, 48);
    });
    const store = await openSqliteStore({ filename });
    try {
      const order = buildOrder({
        userId: owners.find((user) => user.role === 'user')?.id,
        createdAt: new Date(HOUR_MS),
      });
      expect((await store.orders.create({ ...order, status: 'completed' })).ok).toBe(true);
      expect((await store.users.insert(randomUsers(83, 1, 1)[0] as User)).ok).toBe(true);
    } finally {
      await store.close();
    }
    expectKeptToMatchARecount(filename, KEPT_HOURLY_CUSTOMERS, RECOUNT_HOURLY_CUSTOMERS);
    const migrated = new SqliteDatabase(filename, { readonly: true });
    try {
      const total = migrated.prepare<[], { sun: number }>(KEPT_TOTAL).get()?.sun;
      expect(total).toBe(migrated.prepare<[], { sun: number }>(RECOUNT_TOTAL).get()?.sun);
      expect(total).not.toBe(0);
    } finally {
      migrated.close();
    }
  });
});
