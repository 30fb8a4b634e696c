import type { User } from '@trx-shop/domain';
import { buildUser } from '@trx-shop/store-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedIn } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { insertAdmin, insertOrder, insertUser, line, loginAdmin } from './admin-fixtures.js';

/** The fixture of issue 7, byte for byte: three lines, each ending in CRLF. */
const EXPECTED_FIXTURE_CSV =
  '"id","username","email","walletAddress","totalSpent","isActive","createdAt","lastLogin"\r\n' +
  '"65a1b2c3d4e5f60718293a4c","bob","\'=2+3@example.com","TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","12.21","true","2026-03-02T10:00:00.000Z","2026-03-03T11:30:00.000Z"\r\n' +
  '"65a1b2c3d4e5f60718293a4b","o""neil","oneil@example.com","TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7","0","false","2026-03-01T09:00:00.000Z",""\r\n';

const exportCsv = (h: TestApp, admin: LoggedIn) =>
  h.app.inject({ method: 'POST', url: '/api/admin/customers/export', headers: admin.jar.header() });

const customer = (overrides: Partial<User>): User =>
  buildUser({ ...overrides, updatedAt: overrides.createdAt ?? new Date('2026-03-01T00:00:00Z') });

describe('POST /api/admin/customers/export: the specification fixture', () => {
  let h: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    h = await createTestApp();
    // The admin calling the export exists but is no customer, so it is not exported.
    const stored = await insertAdmin(h, { createdAt: new Date('2026-03-04T08:00:00Z') });
    admin = await loginAdmin(h, stored.user);
    await insertUser(
      h,
      customer({
        id: '65a1b2c3d4e5f60718293a4b',
        username: 'o"neil',
        email: 'oneil@example.com',
        wallet: {
          address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
          encryptedPrivateKey: null,
          externalAddress: null,
        },
        isActive: false,
        createdAt: new Date('2026-03-01T09:00:00Z'),
        lastLogin: null,
      }),
    );
    const bob = await insertUser(
      h,
      customer({
        id: '65a1b2c3d4e5f60718293a4c',
        username: 'bob',
        email: '=2+3@example.com',
        wallet: {
          address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
          encryptedPrivateKey: null,
          externalAddress: null,
        },
        isActive: true,
        createdAt: new Date('2026-03-02T10:00:00Z'),
        lastLogin: new Date('2026-03-03T11:30:00Z'),
      }),
    );
    // total = subtotal - 0.01: 12.51 -> 12.5 completed, 0.30 -> 0.29 refunded.
    await insertOrder(h, 'completed', { userId: bob.id, lines: [line(12_510_000)] });
    await insertOrder(h, 'refunded', { userId: bob.id, lines: [line(300_000)] });
  });
  afterAll(() => h.close());

  it('answers exactly the three CRLF lines of the fixture as customers.csv', async () => {
    const response = await exportCsv(h, admin);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv(;|$)/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="customers.csv"');
    expect(response.rawPayload.equals(Buffer.from(EXPECTED_FIXTURE_CSV, 'utf8'))).toBe(true);
    expect(response.body).toBe(EXPECTED_FIXTURE_CSV);
  });

  it('streams the file instead of sending one pre-sized buffer', async () => {
    const response = await exportCsv(h, admin);
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');
  });
});

/** One CSV cell as docs/decisions.md section 10 describes it, written out here from that text. */
const cell = (value: string, text = true): string => {
  const guarded = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${guarded.replaceAll('"', '""')}"`;
};

describe('POST /api/admin/customers/export: many customers and formula guards', () => {
  let h: TestApp;
  let admin: LoggedIn;
  const customers: User[] = [];
  const FORMULA_NAMES = ['=HYPERLINK("x")', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx'];

  beforeAll(async () => {
    h = await createTestApp();
    admin = await loginAdmin(h, (await insertAdmin(h)).user);
    // More than one read batch of the store's stream (200 rows), so batch edges are crossed.
    for (let i = 0; i < 230; i++) {
      const createdAt = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000);
      customers.push(
        await insertUser(
          h,
          customer({
            username: `${FORMULA_NAMES[i % 40] ?? 'customer_'}${i}`,
            email: i % 50 === 7 ? `-${i}@example.com` : `customer${i}@example.com`,
            isActive: i % 3 !== 0,
            lastLogin: i % 4 === 0 ? null : new Date(createdAt.getTime() + 60_000),
            createdAt,
          }),
        ),
      );
    }
  });
  afterAll(() => h.close());

  it('exports every customer newest first, guarding text cells and writing amounts as plain decimals', async () => {
    const refundedOnly = customers[5] as User;
    await insertOrder(h, 'refunded', { userId: refundedOnly.id, lines: [line(300_000)] });
    const bigSpender = customers[6] as User;
    await insertOrder(h, 'completed', { userId: bigSpender.id, lines: [line(1_000_000_000, 2)] });
    await insertOrder(h, 'completed', { userId: bigSpender.id, lines: [line(100_000, 1)] });
    const spent = new Map([
      [refundedOnly.id, '-0.29'],
      [bigSpender.id, '2000.08'],
    ]);

    let expected = `${[
      'id',
      'username',
      'email',
      'walletAddress',
      'totalSpent',
      'isActive',
      'createdAt',
      'lastLogin',
    ]
      .map((name) => cell(name))
      .join(',')}\r\n`;
    for (const user of [...customers].reverse()) {
      const cells = [
        cell(user.id),
        cell(user.username),
        cell(user.email),
        cell(user.wallet.address ?? ''),
        cell(spent.get(user.id) ?? '0', false),
        cell(String(user.isActive), false),
        cell(user.createdAt.toISOString(), false),
        cell(user.lastLogin ? user.lastLogin.toISOString() : '', false),
      ];
      expected += `${cells.join(',')}\r\n`;
    }

    const response = await exportCsv(h, admin);

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(expected);
    expect(response.body.split('\r\n')).toHaveLength(customers.length + 2);
    expect(response.body).toContain('"\'=HYPERLINK(""x"")40"');
    expect(response.body).toContain('"\'\rx5"');
    expect(response.body).toContain('"-0.29"');
  });
});
