import type { DevnetControl } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';
import {
  fundedShopperWithProduct,
  type Merchant,
  settleAndScan,
  payRequest,
  placeOrder,
  type Shopper,
  startScanningShop,
} from '../shop/shop-fixtures.js';

/*
 * GET /api/admin/ledger (docs/api.md, "The merchant's ledger") on the devnet: a deposit, a
 * payment in, a refund and a withdrawal to a new account out, and the fees they burned; the
 * running balance ends at the wallet's balance on the solidified chain.
 */

type Movement = {
  _id: string;
  type: string;
  status: string;
  direction: 'in' | 'out';
  amount: number;
  balanceAfter: number | null;
  transactionHash: string;
  createdAt: string;
};
type Ledger = {
  address: string;
  openingBalance: number | null;
  totals: { in: number; out: number; fees: number; net: number };
  movements: Movement[];
  pagination: { total: number };
};

const SUN = 1_000_000;
const toSun = (trx: number) => Math.round(trx * SUN);

let node: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;
let shopper: Shopper;

const settleAll = () => settleAndScan(h, devnet);

/** RFC 4180 as the export writes it: every cell quoted, inner quotes doubled, CRLF lines. */
const parseCsv = (text: string): string[][] =>
  text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? '').replaceAll('""', '"')),
    );

const exported = async (query = '', headers: Record<string, string> = merchant.admin.jar.header()) =>
  h.app.inject({ url: `/api/admin/ledger/export${query}`, headers });

const ledger = async (query = '', headers: Record<string, string> = merchant.admin.jar.header()) =>
  h.app.inject({ url: `/api/admin/ledger${query}`, headers });

beforeAll(async () => {
  // The scanner starts before the merchant holds anything: the opening balance is 0.
  ({ node, h, devnet, merchant } = await startScanningShop());
  await devnet.fund(merchant.address, 50 * SUN);
  const scene = await fundedShopperWithProduct(h, devnet, merchant, { price: 4, fundSun: 20 * SUN });
  shopper = scene.shopper;
  await settleAll();

  const order = await placeOrder(h, shopper, [{ productId: scene.productId, quantity: 1 }]);
  expect((await payRequest(h, shopper, order._id)).statusCode).toBe(200);
  await settleAll();
  const refunded = await h.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${order._id}/refund`,
    headers: merchant.admin.jar.header(),
  });
  expect(refunded.statusCode, refunded.body).toBe(200);
  await settleAll();
  const sent = await h.app.inject({
    method: 'POST',
    url: '/api/wallets/send',
    headers: merchant.admin.jar.header(),
    payload: { toAddress: (await h.chain.createWallet()).address, amount: 2 },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await settleAll();
}, 60_000);
afterAll(async () => {
  await h.close();
  await node.stop();
});

describe('GET /api/admin/ledger', () => {
  it('lists every movement of the merchant wallet newest first, each with the balance after it, ending at the chain balance', async () => {
    const response = await ledger();
    expect(response.statusCode, response.body).toBe(200);
    const body = json(response) as unknown as Ledger;
    expect(body.address).toBe(merchant.address);
    expect(body.openingBalance).toBe(0);

    const types = body.movements.map((movement) => movement.type);
    expect([...types].sort()).toEqual(
      [...types.filter((type) => type === 'fee'), 'deposit', 'purchase', 'refund', 'withdrawal'].sort(),
    );
    // The withdrawal created an account: at least its 1.1 TRX fee is a line.
    expect(types.filter((type) => type === 'fee').length).toBeGreaterThanOrEqual(1);
    for (const movement of body.movements) {
      expect(movement.status).toBe('confirmed');
      expect(movement.direction).toBe(['deposit', 'purchase'].includes(movement.type) ? 'in' : 'out');
    }
    const times = body.movements.map((movement) => Date.parse(movement.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Oldest to newest, each balance is the one before plus (in) or minus (out) the amount.
    let balance = toSun(body.openingBalance ?? Number.NaN);
    for (const movement of [...body.movements].reverse()) {
      balance += (movement.direction === 'in' ? 1 : -1) * toSun(movement.amount);
      expect(toSun(movement.balanceAfter ?? Number.NaN)).toBe(balance);
    }
    expect(balance).toBe(await h.chain.getConfirmedBalance(merchant.address));

    const sum = (selected: Movement[]) =>
      selected.reduce((total, movement) => total + toSun(movement.amount), 0);
    const fees = sum(body.movements.filter((movement) => movement.type === 'fee'));
    const incoming = sum(body.movements.filter((movement) => movement.direction === 'in'));
    const outgoing = sum(body.movements.filter((movement) => movement.direction === 'out')) - fees;
    expect(body.totals).toEqual({
      in: incoming / SUN,
      out: outgoing / SUN,
      fees: fees / SUN,
      net: (incoming - outgoing - fees) / SUN,
    });
    expect(body.pagination.total).toBe(body.movements.length);
  });

  it('filters by type and by a time range, with the totals of the filter and the same running balances', async () => {
    const all = json(await ledger()) as unknown as Ledger;
    const fees = json(await ledger('?type=fee')) as unknown as Ledger;
    expect(fees.movements.map((movement) => movement.type).every((type) => type === 'fee')).toBe(true);
    expect(fees.totals.in).toBe(0);
    expect(fees.totals.out).toBe(0);
    expect(toSun(fees.totals.fees)).toBe(
      fees.movements.reduce((total, movement) => total + toSun(movement.amount), 0),
    );
    for (const movement of fees.movements) {
      expect(movement.balanceAfter).toBe(all.movements.find((row) => row._id === movement._id)?.balanceAfter);
    }

    const deposit = all.movements.find((movement) => movement.type === 'deposit') as Movement;
    const from = deposit.createdAt;
    const to = new Date(Date.parse(from) + 1).toISOString();
    const window = json(await ledger(`?from=${from}&to=${to}`)) as unknown as Ledger;
    expect(window.movements.map((movement) => movement._id)).toContain(deposit._id);
    expect(window.movements.every((movement) => movement.createdAt === from)).toBe(true);
    for (const movement of window.movements) {
      expect(movement.balanceAfter).toBe(all.movements.find((row) => row._id === movement._id)?.balanceAfter);
    }
    // A page further down carries the balances of the whole list too.
    const second = json(await ledger('?limit=2&page=2')) as unknown as Ledger;
    expect(second.movements.map((movement) => movement.balanceAfter)).toEqual(
      all.movements.slice(2, 4).map((movement) => movement.balanceAfter),
    );

    const paged = json(await ledger('?limit=2&page=1')) as unknown as Ledger;
    expect(paged.movements.map((movement) => movement._id)).toEqual(
      all.movements.slice(0, 2).map((m) => m._id),
    );
    expect(paged.totals).toEqual(all.totals);
  });

  it('answers 401 without a session and 403 for a customer', async () => {
    expectError(await ledger('', {}), 401, 'UNAUTHENTICATED');
    expectError(await ledger('', shopper.jar.header()), 403, 'FORBIDDEN');
    expectError(await exported('', {}), 401, 'UNAUTHENTICATED');
    expectError(await exported('', shopper.jar.header()), 403, 'FORBIDDEN');
  });

  it('refuses bad filters with 400 and a code', async () => {
    for (const query of [
      '?type=gift',
      '?status=done',
      '?from=yesterday',
      '?to=2026-13-01T00:00:00Z',
      '?limit=many',
    ]) {
      expectError(await ledger(query), 400, 'VALIDATION_ERROR');
    }
    expectError(
      await ledger('?from=2026-02-01T00:00:00.000Z&to=2026-01-01T00:00:00.000Z'),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await ledger('?unknown=1'), 400, 'VALIDATION_ERROR');
    for (const query of [
      '?type=gift',
      '?from=yesterday',
      '?limit=5',
      '?from=2026-02-01T00:00:00.000Z&to=2026-01-01T00:00:00.000Z',
    ]) {
      expectError(await exported(query), 400, 'VALIDATION_ERROR');
    }
  });

  it('exports the same movements as CSV, oldest first, with the same balances, streamed as ledger.csv', async () => {
    const all = json(await ledger()) as unknown as Ledger;
    const response = await exported();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="ledger.csv"');
    expect(response.body.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'id',
      'createdAt',
      'type',
      'direction',
      'status',
      'amount',
      'balanceAfter',
      'transactionHash',
      'fromAddress',
      'toAddress',
      'orderId',
      'blockNumber',
    ]);
    const expected = [...all.movements].reverse();
    expect(rows.map((row) => row[0])).toEqual(expected.map((movement) => movement._id));
    for (const [index, row] of rows.entries()) {
      const movement = expected[index] as Movement;
      expect(row.slice(1, 8)).toEqual([
        movement.createdAt,
        movement.type,
        movement.direction,
        movement.status,
        String(movement.amount),
        String(movement.balanceAfter),
        movement.transactionHash,
      ]);
    }
    const fees = parseCsv((await exported('?type=fee')).body).slice(1);
    expect(fees.map((row) => row[0])).toEqual(
      expected.filter((movement) => movement.type === 'fee').map((movement) => movement._id),
    );
    expect(fees.map((row) => row[6])).toEqual(
      expected.filter((movement) => movement.type === 'fee').map((movement) => String(movement.balanceAfter)),
    );
  });
});
