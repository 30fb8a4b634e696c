import {
  createOrder,
  DISCREPANCY_KINDS,
  type EventActor,
  payOrder,
  type ReconcileDeps,
  type ReconcileOptions,
  reconcileLedger,
  refundOrder,
  relayOutbox,
  runSettlement,
  scanDeposits,
  withdraw,
} from '@trx-shop/domain';
import { MEMORY_GENESIS_ADDRESS } from '@trx-shop/chain-contract';
import { describe, expect, it } from 'vitest';
import { createDomainWorld, type DomainWorld, TRX } from '../support/domain-world.js';

/*
 * Reconciliation over the in-memory twins (docs/api.md, "Reconciliation"): a clean history
 * reports nothing; each kind of disagreement between ledger and chain is named, and only it.
 */

const ACTIVE: ReconcileOptions = { allWallets: false, fromBlock: null };
const ALL: ReconcileOptions = { allWallets: true, fromBlock: null };
const noTotp = { newSecret: () => '', keyUri: () => '', matchingStep: () => null };

/** Whoever runs it: every run is in the audit trail. */
const OPERATOR: EventActor = {
  kind: 'cli',
  id: null,
  sessionId: null,
  label: 'reconcile',
  address: 'ops@shop-host',
};

const reconcileDeps = (world: DomainWorld): ReconcileDeps => ({
  ...world.deps,
  pace: async () => {},
  actor: OPERATOR,
});

const scan = (world: DomainWorld) => scanDeposits(world.deps, { maxBlocks: 1_000, startBlock: null });

/** Confirms what is in flight, settles it and scans the blocks: the service's whole routine. */
const settleAll = async (world: DomainWorld) => {
  world.controls.confirm();
  await runSettlement(world.deps);
  await scan(world);
};

/**
 * A merchant and a buyer funded before the scanner started (openings unknown to the ledger), a
 * friend wallet created after it; a paid order, a partial refund, a withdrawal to the friend and
 * a deposit from outside, all settled and scanned.
 */
const busyShop = async () => {
  const world = createDomainWorld();
  const merchant = await world.merchant(100);
  const buyer = await world.walletUser(100);
  await scan(world);
  world.advance(1_000);
  const friend = await world.walletUser(0);
  const product = await world.product({ stock: 5, priceSun: 5 * TRX });
  const created = await createOrder(world.deps, buyer.id, [{ productId: product.id, quantity: 2 }]);
  if (!created.ok) throw new Error(created.error.code);
  expect((await payOrder(world.deps, buyer.id, created.value.id)).ok).toBe(true);
  await settleAll(world);
  expect((await refundOrder(world.deps, created.value.id, { amountSun: 3 * TRX, reason: 'late' })).ok).toBe(
    true,
  );
  await settleAll(world);
  const sent = await withdraw({ ...world.deps, totp: noTotp }, buyer, {
    toAddress: friend.wallet.address ?? '',
    amount: 4,
    twoFactorCode: null,
    idempotencyKey: null,
  });
  expect(sent.ok).toBe(true);
  await settleAll(world);
  world.controls.fund(friend.wallet.address ?? '', 7 * TRX);
  await scan(world);
  return { world, merchant, buyer, friend };
};

const kindsOf = (report: Awaited<ReturnType<typeof reconcileLedger>>) =>
  report.discrepancies.map((row) => [row.kind, row.address, row.field]);

describe('reconcileLedger', () => {
  it('reports nothing for a clean history, records the openings of wallets older than the scanner, and carries on from where it stopped', async () => {
    const { world, merchant, buyer } = await busyShop();

    const first = await reconcileLedger(reconcileDeps(world), ALL);

    expect(first.counts).toEqual(Object.fromEntries(DISCREPANCY_KINDS.map((kind) => [kind, 0])));
    expect(first.discrepancies).toEqual([]);
    expect(first).toMatchObject({
      openingsRecorded: 2,
      walletsChecked: 1,
      walletsSkipped: 0,
      allWallets: true,
    });
    expect(first.blocks?.to).toBe(await world.chain.solidBlockNumber());
    expect(first.transfersChecked).toBe(4);
    const openings = await world.store.reconciliation.openings([
      merchant.wallet.address ?? '',
      buyer.wallet.address ?? '',
    ]);
    // Both were funded from genesis before the scanner's first block: that is their opening.
    expect([...openings.values()]).toEqual([100 * TRX, 100 * TRX]);
    expect(await world.store.reconciliation.latestReport()).toEqual(first);

    const again = await reconcileLedger(reconcileDeps(world), ALL);
    expect(again).toMatchObject({
      blocks: null,
      openingsRecorded: 0,
      walletsChecked: 3,
      transfersChecked: 0,
    });
    expect(again.discrepancies).toEqual([]);
  });

  it('names a transfer out of a held wallet made around the service, and the balance it changed', async () => {
    const { world, buyer } = await busyShop();
    await reconcileLedger(reconcileDeps(world), ALL);
    const key = (await world.deps.vault.open(buyer.wallet.encryptedPrivateKey ?? '', buyer.id)) as string;
    const outside = await world.chain.createWallet();
    const request = {
      fromAddress: buyer.wallet.address ?? '',
      toAddress: outside.address,
      amountSun: 2 * TRX,
    };
    const { feeSun } = await world.chain.estimateTransferFee(request);
    const signed = await world.chain.signTransfer(request, key);
    expect(await world.chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
    await settleAll(world);

    const report = await reconcileLedger(reconcileDeps(world), ACTIVE);

    expect(kindsOf(report)).toEqual([
      ['missing-from-ledger', buyer.wallet.address, 'status'],
      ['balance', buyer.wallet.address, 'balance'],
    ]);
    expect(report.discrepancies[0]).toMatchObject({
      txHash: signed.txId,
      ledger: 'absent',
      chain: 'succeeded',
    });
    expect(report.discrepancies[0]?.detail).toContain(
      `${2 * TRX} SUN from ${buyer.wallet.address} to ${outside.address}`,
    );
    expect(report.discrepancies[1]).toMatchObject({
      ledger: String(Number(report.discrepancies[1]?.chain) + 2 * TRX + feeSun),
    });
  });

  it('names a ledger line the chain does not have, and one whose transfer failed', async () => {
    const { world, friend } = await busyShop();
    await reconcileLedger(reconcileDeps(world), ALL);
    const failedTxId = world.controls.includeFailedTransfer(
      MEMORY_GENESIS_ADDRESS,
      friend.wallet.address ?? '',
      TRX,
    );
    const head = await world.chain.solidBlockNumber();
    const line = (txId: string, amountSun: number) => ({
      id: world.deps.ids.newId(),
      userId: friend.id,
      orderId: null,
      type: 'deposit' as const,
      amountSun,
      currency: 'TRX' as const,
      network: 'TRC-20' as const,
      transactionHash: txId,
      fromAddress: MEMORY_GENESIS_ADDRESS,
      toAddress: friend.wallet.address ?? '',
      status: 'confirmed' as const,
      confirmations: 21,
      blockNumber: head,
      feeSun: null,
      failureReason: null,
      signedTransaction: '',
      expiresAt: world.deps.clock.now(),
      effectApplied: true,
      createdAt: world.deps.clock.now(),
      updatedAt: world.deps.clock.now(),
    });
    const invented = line('ab'.repeat(32), 5 * TRX);
    await world.store.transactions.insert(invented);
    await world.store.transactions.insert(line(failedTxId, TRX));
    await scan(world);

    const report = await reconcileLedger(reconcileDeps(world), ACTIVE);

    expect(report.discrepancies.map((row) => [row.kind, row.txHash])).toEqual([
      ['failed-on-chain', failedTxId],
      ['not-on-chain', invented.transactionHash],
      ['balance', null],
    ]);
    expect(report.discrepancies[2]).toMatchObject({
      address: friend.wallet.address,
      ledger: String(11 * TRX + 5 * TRX + TRX),
      chain: String(11 * TRX),
    });
  });

  it('names a line that disagrees with its transfer on the amount', async () => {
    const { world, friend } = await busyShop();
    const [deposit] = (
      await world.store.transactions.listByUser(friend.id, { type: 'deposit' }, { limit: 10, page: 1 })
    ).items.filter((line) => line.amountSun === 7 * TRX);
    if (!deposit) throw new Error('no deposit');
    // The store holds what it was given: a line edited by hand is one recorded with other fields.
    const edited = { ...deposit, amountSun: 6 * TRX };
    const store = world.store.transactions;
    const listByHashes: typeof store.listByHashes = async (hashes) =>
      (await store.listByHashes(hashes)).map((line) => (line.id === deposit.id ? edited : line));
    const walletConfirmedNet: typeof store.walletConfirmedNet = async (address, through, after) =>
      (await store.walletConfirmedNet(address, through, after)) -
      (address === friend.wallet.address ? TRX : 0);
    const deps = reconcileDeps(world);

    const report = await reconcileLedger(
      { ...deps, store: { ...deps.store, transactions: { ...store, listByHashes, walletConfirmedNet } } },
      ALL,
    );

    expect(kindsOf(report)).toEqual([
      ['mismatch', friend.wallet.address, 'amount'],
      ['balance', friend.wallet.address, 'balance'],
    ]);
    expect(report.discrepancies[0]).toMatchObject({
      transactionId: deposit.id,
      ledger: String(6 * TRX),
      chain: String(7 * TRX),
    });
  });

  it('names a balance changed by a transfer in blocks no scan covered, and waits for wallets with a transfer in flight', async () => {
    const { world, friend, buyer } = await busyShop();
    await reconcileLedger(reconcileDeps(world), ALL);
    world.controls.fund(friend.wallet.address ?? '', 3 * TRX);
    const head = await world.chain.solidBlockNumber();
    // The cursors moved past the funding's block: neither the scanner nor reconciliation reads it.
    for (const name of ['deposits', 'reconciliation']) {
      const at = await world.store.chainCursors.read(name);
      expect(await world.store.chainCursors.advance(name, at, head, world.deps.clock.now())).toBe(true);
    }
    const sent = await withdraw({ ...world.deps, totp: noTotp }, buyer, {
      toAddress: MEMORY_GENESIS_ADDRESS,
      amount: 1,
      twoFactorCode: null,
      idempotencyKey: null,
    });
    expect(sent.ok, JSON.stringify(sent)).toBe(true);

    const report = await reconcileLedger(reconcileDeps(world), ALL);

    expect(kindsOf(report)).toEqual([['balance', friend.wallet.address, 'balance']]);
    expect(report.discrepancies[0]).toMatchObject({ ledger: String(11 * TRX), chain: String(14 * TRX) });
    expect(report.walletsSkipped).toBe(1);
  });
});

describe('one reconciliation at a time', () => {
  /** The lease's term, as docs/operations.md states it: 5 minutes. */
  const LEASE_TERM_MS = 5 * 60_000;

  /** Another run, on another instance, taking the store's reconciliation lease now. */
  const takeLease = (world: DomainWorld, holder: string) =>
    world.deps.store.leases.tryAcquire('reconciliation', holder, world.deps.clock.now(), LEASE_TERM_MS);

  /** The shop's wallets a run covered: checked, or their opening recorded on the first run. */
  const walletsCovered = async (run: ReturnType<typeof reconcileLedger>) => {
    const report = await run;
    return report.walletsChecked + report.openingsRecorded;
  };

  /** Deps whose balance reads wait at the first one until `release()`. */
  const heldAtFirstBalanceRead = (world: DomainWorld) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached: () => void = () => {};
    const atFirstRead = new Promise<void>((resolve) => (reached = resolve));
    const deps: ReconcileDeps = {
      ...world.deps,
      actor: OPERATOR,
      pace: async () => {
        reached();
        await held;
      },
    };
    return { deps, atFirstRead, release };
  };

  it('refuses a second run while one is under way, and runs again once it has finished', async () => {
    const { world } = await busyShop();
    const first = heldAtFirstBalanceRead(world);
    const running = reconcileLedger(first.deps, ALL);
    await first.atFirstRead;

    await expect(reconcileLedger(reconcileDeps(world), ALL)).rejects.toMatchObject({
      code: 'RECONCILIATION_RUNNING',
    });
    first.release();
    const report = await running;
    // The three wallets of the shop: checked, or their opening recorded on this first run.
    expect(report.walletsChecked + report.openingsRecorded).toBe(3);
    expect((await world.deps.store.reconciliation.latestReport())?.id).toBe(report.id);

    const again = await reconcileLedger(reconcileDeps(world), ALL);
    expect(again.id).not.toBe(report.id);
  });

  it('frees the lease when a run fails', async () => {
    const { world } = await busyShop();
    const failing: ReconcileDeps = {
      ...world.deps,
      actor: OPERATOR,
      pace: async () => {
        throw new Error('node unreachable');
      },
    };
    await expect(reconcileLedger(failing, ALL)).rejects.toThrow('node unreachable');
    expect(await walletsCovered(reconcileLedger(reconcileDeps(world), ALL))).toBe(3);
  });

  it('waits out the term of a run that died, then runs', async () => {
    const { world } = await busyShop();
    // A run on another instance took the lease and died without releasing it.
    expect(await takeLease(world, 'dead-run')).toBe(true);
    await expect(reconcileLedger(reconcileDeps(world), ALL)).rejects.toMatchObject({
      code: 'RECONCILIATION_RUNNING',
    });
    world.advance(LEASE_TERM_MS);
    expect(await walletsCovered(reconcileLedger(reconcileDeps(world), ALL))).toBe(3);
  });

  it('stops a run that lost its lease to another (it lapsed), without keeping a report', async () => {
    const { world } = await busyShop();
    const first = heldAtFirstBalanceRead(world);
    const running = reconcileLedger(first.deps, ALL);
    await first.atFirstRead;
    world.advance(LEASE_TERM_MS);
    expect(await takeLease(world, 'other-run')).toBe(true);

    first.release();
    await expect(running).rejects.toMatchObject({ code: 'RECONCILIATION_RUNNING' });
    expect(await world.deps.store.reconciliation.latestReport()).toBeNull();
  });

  it('puts every run it starts in the audit trail, with who ran it and the result; a refused run is none', async () => {
    const { world, buyer } = await busyShop();
    const clean = await reconcileLedger(reconcileDeps(world), ALL);
    // A transfer out of the buyer's wallet made around the service: two discrepancies.
    const key = (await world.deps.vault.open(buyer.wallet.encryptedPrivateKey ?? '', buyer.id)) as string;
    const request = {
      fromAddress: buyer.wallet.address ?? '',
      toAddress: (await world.chain.createWallet()).address,
      amountSun: 2 * TRX,
    };
    await world.chain.broadcast((await world.chain.signTransfer(request, key)).signedTransaction);
    await settleAll(world);
    world.advance(1_000);
    const wrong = await reconcileLedger(reconcileDeps(world), { allWallets: false, fromBlock: 0 });
    world.advance(1_000);
    const failing: ReconcileDeps = {
      ...reconcileDeps(world),
      pace: async () => {
        throw new Error('node unreachable');
      },
    };
    await expect(reconcileLedger(failing, ALL)).rejects.toThrow('node unreachable');
    expect(await takeLease(world, 'another-run')).toBe(true);
    await expect(reconcileLedger(reconcileDeps(world), ALL)).rejects.toMatchObject({
      code: 'RECONCILIATION_RUNNING',
    });

    await relayOutbox(world.deps);
    const audited = await world.store.eventLog.listAudit({}, { page: 1, limit: 10 });
    expect(audited.items.map((event) => [event.type, event.actor, event.payload])).toEqual([
      [
        'reconciliation.failed',
        OPERATOR,
        { ok: false, code: 'INTERNAL_ERROR', message: 'node unreachable', allWallets: true, fromBlock: null },
      ],
      [
        'reconciliation.completed',
        OPERATOR,
        expect.objectContaining({
          reportId: wrong.id,
          ok: false,
          discrepancies: 2,
          counts: { ...wrong.counts },
          allWallets: false,
          fromBlock: 0,
        }),
      ],
      [
        'reconciliation.completed',
        OPERATOR,
        {
          reportId: clean.id,
          ok: true,
          discrepancies: 0,
          counts: { ...clean.counts },
          blocks: clean.blocks,
          walletsChecked: clean.walletsChecked,
          walletsSkipped: 0,
          allWallets: true,
          fromBlock: null,
        },
      ],
    ]);
    expect(wrong.counts).toMatchObject({ 'missing-from-ledger': 1, balance: 1 });
  });
});
