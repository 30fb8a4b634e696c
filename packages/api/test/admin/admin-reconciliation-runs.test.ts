import type { DevnetControl } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';
import { type Merchant, registerShopper, type Shopper, startScanningShop } from '../shop/shop-fixtures.js';

/*
 * The history of reconciliation runs (docs/api.md, "Reconciliation"): two real runs against the
 * devnet, the second finding a balance moved in blocks the scanner never read, then listed and
 * read back through real HTTP.
 */

let node: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;
let bob: Shopper;
/** What POST /api/admin/reconciliation answered, oldest run first. */
let answered: Record<string, unknown>[];

const runs = (query = '', headers = merchant.admin.jar.header()) =>
  h.app.inject({ url: `/api/admin/reconciliation/runs${query}`, headers });
const run = (id: string, headers = merchant.admin.jar.header()) =>
  h.app.inject({ url: `/api/admin/reconciliation/runs/${id}`, headers });

const reconcile = async (): Promise<Record<string, unknown>> => {
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/admin/reconciliation',
    headers: merchant.admin.jar.header(),
    payload: { allWallets: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).report as Record<string, unknown>;
};

/** A report as the history lists it: every field but the rows. */
const summaryOf = ({ discrepancies: _rows, ...summary }: Record<string, unknown>) => summary;

const apiKeyWith = async (scopes: readonly string[]): Promise<Record<string, string>> => {
  const created = await h.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: merchant.admin.jar.header(),
    payload: { name: 'history reader', scopes },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { 'x-api-key': json(created).key as string };
};

beforeAll(async () => {
  ({ node, h, devnet, merchant } = await startScanningShop());
  // Wallets made from now on were born after the scanner's first block: their opening is 0.
  h.clock.advance(1_000);
  bob = await registerShopper(h);
  const clean = await reconcile();
  // A funding in blocks neither the scanner nor reconciliation reads: the next run finds the balance.
  await devnet.fund(bob.address, 4_000_000);
  await devnet.settle();
  const head = (await devnet.state()).solid;
  for (const name of ['deposits', 'reconciliation']) {
    const at = await h.store.chainCursors.read(name);
    expect(await h.store.chainCursors.advance(name, at, head, h.clock.now())).toBe(true);
  }
  h.clock.advance(60_000);
  const found = await reconcile();
  answered = [clean, found];
}, 30_000);
afterAll(async () => {
  await h.close();
  await node.stop();
});

describe('GET /api/admin/reconciliation/runs', () => {
  it('lists every run newest first, with its counts but not its rows, and the total', async () => {
    const [clean, found] = answered;
    if (!clean || !found) throw new Error('the runs did not answer');
    // The second run found something, so a summary without rows is not merely an empty list.
    expect(found).toMatchObject({ ok: false, summary: { discrepancies: 1, byKind: { balance: 1 } } });
    expect(found.discrepancies).toHaveLength(1);

    const listed = await runs();
    expect(listed.statusCode, listed.body).toBe(200);
    expect(json(listed)).toEqual({
      success: true,
      runs: [summaryOf(found), summaryOf(clean)],
      pagination: { total: 2, page: 1, pages: 1, limit: 10 },
    });
  });

  it('pages the history', async () => {
    const second = await runs('?limit=1&page=2');
    expect(second.statusCode, second.body).toBe(200);
    expect(json(second)).toMatchObject({
      runs: [{ id: answered[0]?.id }],
      pagination: { total: 2, page: 2, pages: 2, limit: 1 },
    });
  });

  it('refuses a page that is not a number with 400 VALIDATION_ERROR', async () => {
    expectError(await runs('?page=two'), 400, 'VALIDATION_ERROR');
    expectError(await runs('?limit=1e2'), 400, 'VALIDATION_ERROR');
  });
});

describe('GET /api/admin/reconciliation/runs/:id', () => {
  it('answers each run’s whole report exactly as the run answered it', async () => {
    for (const report of answered) {
      const read = await run(String(report.id));
      expect(read.statusCode, read.body).toBe(200);
      expect(json(read)).toEqual({ success: true, report });
    }
  });

  it('leaves GET /api/admin/reconciliation answering the newest run', async () => {
    const latest = await h.app.inject({
      url: '/api/admin/reconciliation',
      headers: merchant.admin.jar.header(),
    });
    expect(latest.statusCode).toBe(200);
    expect(json(latest).report).toEqual(answered[1]);
  });

  it('answers 404 RECONCILIATION_RUN_NOT_FOUND for an id no run has, 400 INVALID_ID for a malformed one', async () => {
    expectError(await run('ab'.repeat(12)), 404, 'RECONCILIATION_RUN_NOT_FOUND');
    expectError(await run('not-an-id'), 400, 'INVALID_ID');
  });
});

describe('who may read the history of runs', () => {
  const paths = () => ['', `/${String(answered[0]?.id)}`];

  it('answers 401 UNAUTHENTICATED without credentials and 403 FORBIDDEN to a customer', async () => {
    for (const path of paths()) {
      const url = `/api/admin/reconciliation/runs${path}`;
      expectError(await h.app.inject({ url }), 401, 'UNAUTHENTICATED');
      expectError(await h.app.inject({ url, headers: bob.jar.header() }), 403, 'FORBIDDEN');
    }
  });

  it('lets an API key with ledger:read read it, and refuses a key without it with 403 INSUFFICIENT_SCOPE', async () => {
    const reader = await apiKeyWith(['ledger:read']);
    const other = await apiKeyWith(['orders:read', 'stats:read']);
    for (const path of paths()) {
      const url = `/api/admin/reconciliation/runs${path}`;
      const read = await h.app.inject({ url, headers: reader });
      expect(read.statusCode, read.body).toBe(200);
      const refused = await h.app.inject({ url, headers: other });
      expectError(refused, 403, 'INSUFFICIENT_SCOPE');
      expect(json(refused).requiredScope).toBe('ledger:read');
    }
  });
});
