import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDatabase } from '@trx-shop/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli-process.js';
import { json } from '../support/http.js';
import {
  registerShopper,
  type ScanningShop,
  settleAndScan,
  startScanningShop,
} from '../shop/shop-fixtures.js';

/*
 * `pnpm reconcile` in a real child process, against the same store file and devnet as a running
 * service (docs/operations.md, "Reconciling the ledger with the chain").
 */

let dataDir: string;
let shop: ScanningShop;

const reconcileCli = (args: readonly string[]) =>
  runCli('reconcile', args, { DATA_DIR: dataDir, TRON_FULL_HOST: shop.node.url });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'trx-shop-reconcile-'));
  shop = await startScanningShop({ sqliteFile: join(dataDir, 'trx-shop.sqlite') });
  shop.h.clock.advance(1_000);
  const shopper = await registerShopper(shop.h);
  await shop.devnet.fund(shopper.address, 12_000_000);
  await settleAndScan(shop.h, shop.devnet);
}, 30_000);
afterAll(async () => {
  await shop.h.close();
  await shop.node.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('pnpm reconcile', () => {
  it('prints a clean summary and exits 0; after an edit behind the service, CSV rows and exit 1; the route shows the kept report', async () => {
    const clean = await reconcileCli(['--all-wallets']);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toContain('reconcile: 0 discrepancies');
    // The shopper was born after the scanner started; the merchant (an older admin) gets its opening.
    expect(clean.stdout).toContain('1 wallets checked (all), 0 in flight, 1 openings recorded');

    const db = new SqliteDatabase(join(dataDir, 'trx-shop.sqlite'));
    const edited = db
      .prepare(
        "UPDATE transactions SET amount_sun = amount_sun - 2000000 WHERE type = 'deposit' AND amount_sun = 12000000",
      )
      .run();
    db.close();
    expect(edited.changes).toBe(1);

    const csv = await reconcileCli(['--all-wallets', '--from-block', '0', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(1);
    const rows = csv.stdout.trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      '"kind","txHash","transactionId","address","blockNumber","field","ledger","chain","detail"',
    );
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 1).concat(row.split(',').slice(5, 8)))).toEqual(
      [
        ['"mismatch"', '"amount"', '"10"', '"12"'],
        ['"balance"', '"balance"', '"10"', '"12"'],
      ],
    );

    const asJson = await reconcileCli(['--format', 'json', '--from-block', '0']);
    expect(asJson.code).toBe(1);
    const report = JSON.parse(asJson.stdout) as { summary: { discrepancies: number } };
    expect(report.summary.discrepancies).toBe(2);
    const latest = await shop.h.app.inject({
      url: '/api/admin/reconciliation',
      headers: shop.merchant.admin.jar.header(),
    });
    expect(json(latest).report).toEqual(report);
  }, 60_000);

  it('exits 2 with one line for a bad option', async () => {
    const run = await reconcileCli(['--format', 'xml']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe('reconcile: --format must be one of text, json, csv');
  }, 30_000);

  it('exits 2 with one line while another run holds the lease (the service, another instance)', async () => {
    // Real time: the CLI judges the lease by its own clock.
    expect(await shop.h.store.leases.tryAcquire('reconciliation', 'another-run', new Date(), 60_000)).toBe(
      true,
    );
    try {
      const run = await reconcileCli([]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^reconcile: RECONCILIATION_RUNNING: /);
    } finally {
      await shop.h.store.leases.release('reconciliation', 'another-run');
    }
    expect((await reconcileCli([])).code).toBe(0);
  }, 60_000);
});
