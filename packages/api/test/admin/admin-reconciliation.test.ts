import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDatabase } from '@trx-shop/store-sqlite';
import type { DevnetControl } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, json } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';
import {
  type Merchant,
  registerShopper,
  type Shopper,
  settleAndScan,
  startScanningShop,
} from '../shop/shop-fixtures.js';

/*
 * Reconciliation against the devnet through TronWeb and real HTTP (docs/api.md, "Reconciliation"):
 * each kind of disagreement is made for real, around the service, and the report names exactly it
 * (and the balance it changed).
 */

let node: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;
let alice: Shopper;
let bob: Shopper;

interface ReportRow {
  kind: string;
  txHash: string | null;
  transactionId: string | null;
  address: string | null;
  field: string | null;
  ledger: string | null;
  chain: string | null;
}
interface Report {
  ok: boolean;
  blocks: { from: number; to: number } | null;
  walletsChecked: number;
  summary: { discrepancies: number; byKind: Record<string, number> };
  discrepancies: ReportRow[];
}

const reconcile = async (payload?: Record<string, unknown>): Promise<Report> => {
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/admin/reconciliation',
    headers: merchant.admin.jar.header(),
    ...(payload === undefined ? {} : { payload }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).report as Report;
};

const rowsOf = (report: Report) => report.discrepancies.map((row) => [row.kind, row.address, row.field]);

let directory: string;
let sqliteFile: string;

/** An edit made behind the service's back, on its database file (WAL: the service sees it at once). */
const editStore = (sql: string, ...parameters: unknown[]): number => {
  const db = new SqliteDatabase(sqliteFile);
  try {
    return db.prepare(sql).run(...parameters).changes;
  } finally {
    db.close();
  }
};

describe('POST /api/admin/reconciliation on a shop with history', () => {
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'trx-reconcile-'));
    sqliteFile = join(directory, 'shop.db');
    ({ node, h, devnet, merchant } = await startScanningShop({ sqliteFile }));
    // Wallets made from now on were born after the scanner's first block: their opening is 0.
    h.clock.advance(1_000);
    alice = await registerShopper(h);
    bob = await registerShopper(h);
    await devnet.fund(merchant.address, 50_000_000);
    await devnet.fund(alice.address, 40_000_000);
    await devnet.fund(bob.address, 30_000_000);
    await settleAndScan(h, devnet);
    const sent = await h.app.inject({
      method: 'POST',
      url: '/api/wallets/send',
      headers: alice.jar.header(),
      payload: { toAddress: bob.address, amount: 2.5 },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await settleAndScan(h, devnet);
    // The first run records the merchant's opening (an admin older than the scanner).
    const first = await reconcile({ allWallets: true });
    expect(first.summary.discrepancies, JSON.stringify(first.discrepancies)).toBe(0);
  }, 30_000);
  afterEach(async () => {
    await h.close();
    await node.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('answers the latest report, the same as the run answered, and nothing wrong for a clean ledger', async () => {
    const report = await reconcile({ allWallets: true, fromBlock: 0 });
    expect(report).toMatchObject({ ok: true, walletsChecked: 3, summary: { discrepancies: 0 } });
    expect(report.blocks?.to).toBe((await h.store.chainCursors.read('deposits')) ?? -1);
    const latest = await h.app.inject({
      url: '/api/admin/reconciliation',
      headers: merchant.admin.jar.header(),
    });
    expect(latest.statusCode).toBe(200);
    expect(json(latest).report).toEqual(report);
  });

  it('names a transfer a custodial key made around the service, and the balance it changed', async () => {
    const key = await h.vault.open(
      (await h.store.users.findById(alice.userId))?.wallet.encryptedPrivateKey ?? '',
      alice.userId,
    );
    const outside = await h.chain.createWallet();
    const signed = await h.chain.signTransfer(
      { fromAddress: alice.address, toAddress: outside.address, amountSun: 3_000_000 },
      key,
    );
    expect(await h.chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
    await settleAndScan(h, devnet);

    const report = await reconcile();

    expect(rowsOf(report)).toEqual([
      ['missing-from-ledger', alice.address, 'status'],
      ['balance', alice.address, 'balance'],
    ]);
    expect(report.discrepancies[0]).toMatchObject({
      txHash: signed.txId,
      ledger: 'absent',
      chain: 'succeeded',
    });
    const [ledger, chain] = [Number(report.discrepancies[1]?.ledger), Number(report.discrepancies[1]?.chain)];
    // The transfer to a new account also burned its 1.1 TRX creation fee and its bandwidth.
    expect(ledger - chain).toBeGreaterThanOrEqual(3);
    expect(report.ok).toBe(false);
  });

  it('names a ledger line marked confirmed whose transfer failed on chain', async () => {
    await devnet.injectFaults('fail-in-block', 1);
    const sent = await h.app.inject({
      method: 'POST',
      url: '/api/wallets/send',
      headers: bob.jar.header(),
      payload: { toAddress: alice.address, amount: 1 },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const txHash = (json(sent).transaction as { hash: string }).hash;
    await settleAndScan(h, devnet);
    // The listener saw it fail: the ledger agrees with the chain so far.
    expect(await h.store.transactions.findByHash(txHash)).toMatchObject({ status: 'failed' });
    expect((await reconcile()).summary.discrepancies).toBe(0);

    // The record edited to say otherwise: confirmed in the block that holds the failed transfer.
    const failedBlock = (await devnet.transactionsOf(bob.address)).find(
      (transfer) => transfer.txId === txHash,
    );
    expect(failedBlock?.failed).toBe(true);
    expect(
      editStore(
        "UPDATE transactions SET status = 'confirmed', block_number = ? WHERE transaction_hash = ? AND type = 'withdrawal'",
        failedBlock?.blockNumber,
        txHash,
      ),
    ).toBe(1);

    const report = await reconcile({ fromBlock: 0 });

    expect(rowsOf(report)).toEqual([
      ['failed-on-chain', bob.address, 'status'],
      ['balance', bob.address, 'balance'],
    ]);
    expect(report.discrepancies[0]).toMatchObject({ txHash, ledger: 'confirmed', chain: 'failed' });
    // The ledger now has bob paying the 1 TRX the chain never moved.
    expect(Number(report.discrepancies[1]?.chain) - Number(report.discrepancies[1]?.ledger)).toBe(1);
  });

  it('names a ledger line edited to another amount than its transfer moved', async () => {
    const [deposit] = (
      await h.store.transactions.listByUser(bob.userId, { type: 'deposit' }, { limit: 10, page: 1 })
    ).items;
    if (!deposit) throw new Error('bob has no deposit');
    expect(
      editStore('UPDATE transactions SET amount_sun = amount_sun + 500000 WHERE id = ?', deposit.id),
    ).toBe(1);

    const report = await reconcile({ fromBlock: 0 });

    expect(rowsOf(report)).toEqual([
      ['mismatch', bob.address, 'amount'],
      ['balance', bob.address, 'balance'],
    ]);
    expect(report.discrepancies[0]).toMatchObject({
      transactionId: deposit.id,
      txHash: deposit.transactionHash,
      ledger: String((deposit.amountSun + 500_000) / 1_000_000),
      chain: String(deposit.amountSun / 1_000_000),
    });
  });

  it('names a line whose txID the chain does not have, and the transfer it no longer stands for', async () => {
    const withdrawal = (
      await h.store.transactions.listByUser(alice.userId, { type: 'withdrawal' }, { limit: 10, page: 1 })
    ).items[0];
    if (!withdrawal) throw new Error('alice has no withdrawal');
    const invented = 'ab'.repeat(32);
    expect(
      editStore('UPDATE transactions SET transaction_hash = ? WHERE id = ?', invented, withdrawal.id),
    ).toBe(1);

    const report = await reconcile({ fromBlock: 0 });

    // The line still counts in alice's ledger, so her balance agrees; the transfer lacks its sender's line.
    expect(report.discrepancies.map((row) => [row.kind, row.address, row.txHash])).toEqual([
      ['missing-from-ledger', alice.address, withdrawal.transactionHash],
      ['not-on-chain', alice.address, invented],
    ]);
    expect(report.discrepancies[1]).toMatchObject({
      transactionId: withdrawal.id,
      ledger: 'confirmed',
      chain: 'unknown',
    });
  });

  it('names a balance a devnet funding changed in blocks the scanner never read', async () => {
    await devnet.fund(bob.address, 4_000_000);
    await devnet.settle();
    const head = (await devnet.state()).solid;
    // The cursors moved past the funding's block: neither the scanner nor reconciliation reads it.
    for (const name of ['deposits', 'reconciliation']) {
      const at = await h.store.chainCursors.read(name);
      expect(await h.store.chainCursors.advance(name, at, head, h.clock.now())).toBe(true);
    }

    const report = await reconcile({ allWallets: true });

    expect(rowsOf(report)).toEqual([['balance', bob.address, 'balance']]);
    expect(Number(report.discrepancies[0]?.chain) - Number(report.discrepancies[0]?.ledger)).toBe(4);
  });
});

describe('GET and POST /api/admin/reconciliation before any run', () => {
  it('answers 404 RECONCILIATION_NOT_RUN before any run, and refuses bad bodies with 400', async () => {
    const fresh = await startScanningShop();
    try {
      expectError(
        await fresh.h.app.inject({
          url: '/api/admin/reconciliation',
          headers: fresh.merchant.admin.jar.header(),
        }),
        404,
        'RECONCILIATION_NOT_RUN',
      );
      for (const payload of [
        { allWallets: 'yes' },
        { fromBlock: -1 },
        { fromBlock: 1.5 },
        { everything: true },
      ]) {
        const refused = await fresh.h.app.inject({
          method: 'POST',
          url: '/api/admin/reconciliation',
          headers: fresh.merchant.admin.jar.header(),
          payload,
        });
        expectError(refused, 400, 'VALIDATION_ERROR');
      }
      // None of them ran: there is still no report.
      expectError(
        await fresh.h.app.inject({
          url: '/api/admin/reconciliation',
          headers: fresh.merchant.admin.jar.header(),
        }),
        404,
        'RECONCILIATION_NOT_RUN',
      );
    } finally {
      await fresh.h.close();
      await fresh.node.stop();
    }
  });
});

describe('POST /api/admin/reconciliation while another run holds the lease', () => {
  it('answers 409 RECONCILIATION_RUNNING and keeps no report, then runs once the other has finished', async () => {
    const fresh = await startScanningShop();
    try {
      const run = () =>
        fresh.h.app.inject({
          method: 'POST',
          url: '/api/admin/reconciliation',
          headers: fresh.merchant.admin.jar.header(),
        });
      // A run on another instance (or `pnpm reconcile`) under way: it holds the store's lease.
      expect(
        await fresh.h.store.leases.tryAcquire('reconciliation', 'another-run', fresh.h.clock.now(), 60_000),
      ).toBe(true);
      expectError(await run(), 409, 'RECONCILIATION_RUNNING');
      // Nothing was kept: still no report.
      expect(await fresh.h.store.reconciliation.latestReport()).toBeNull();

      await fresh.h.store.leases.release('reconciliation', 'another-run');
      const answered = await run();
      expect(answered.statusCode, answered.body).toBe(200);
      expect(json(answered).report).toMatchObject({ ok: true });
    } finally {
      await fresh.h.close();
      await fresh.node.stop();
    }
  });
});
