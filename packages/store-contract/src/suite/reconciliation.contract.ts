import { noDiscrepancies, type ReconciliationReport } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { newTxId } from '../builders/order.builder.js';
import { buildTransaction } from '../builders/transaction.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const confirmedIn = (blockNumber: number, overrides: Parameters<typeof buildTransaction>[0] = {}) =>
  buildTransaction({ status: 'confirmed', confirmations: 21, blockNumber, ...overrides });

const buildReport = (overrides: Partial<ReconciliationReport> = {}): ReconciliationReport => ({
  id: newObjectId(),
  startedAt: BUILDER_NOW,
  finishedAt: minutesAfter(BUILDER_NOW, 1),
  blocks: { from: 10, to: 20 },
  transfersChecked: 3,
  linesChecked: 4,
  allWallets: false,
  walletsChecked: 2,
  walletsSkipped: 1,
  openingsRecorded: 1,
  counts: { ...noDiscrepancies(), mismatch: 1 },
  discrepancies: [
    {
      kind: 'mismatch',
      txHash: newTxId(),
      transactionId: newObjectId(),
      address: 'TCustomerWalletAddressxxxxxxxxxxxx',
      blockNumber: 12,
      field: 'amount',
      ledger: '1990000',
      chain: '1000000',
      detail: 'the ledger line and the transfer disagree on the amount',
    },
  ],
  ...overrides,
});

/** What reconciliation reads and keeps (docs/api.md, "Reconciliation"). */
export const describeReconciliationContract = (harness: ContractHarness): void => {
  describe('reconciliation reads and records', () => {
    const store = useFreshStore(harness);

    it('lists every line of the given txIDs, deposits and fees included, and nothing else', async () => {
      const hash = newTxId();
      const purchase = confirmedIn(5, { transactionHash: hash });
      const fee = confirmedIn(5, {
        transactionHash: hash,
        type: 'fee',
        amountSun: 1_100_000,
        toAddress: '',
        orderId: purchase.orderId,
      });
      const deposit = confirmedIn(6, { type: 'deposit', orderId: null, signedTransaction: '' });
      const other = confirmedIn(7);
      for (const line of [purchase, fee, deposit, other]) await store().transactions.insert(line);
      const listed = await store().transactions.listByHashes([hash, deposit.transactionHash, newTxId()]);
      expect(listed.map((line) => line.id).sort()).toEqual([purchase.id, fee.id, deposit.id].sort());
      expect(await store().transactions.listByHashes([])).toEqual([]);
    });

    it('pages the confirmed lines of a block range in (block, id) order', async () => {
      const lines = [
        confirmedIn(9),
        confirmedIn(10),
        confirmedIn(11),
        confirmedIn(11),
        confirmedIn(12, { type: 'deposit', orderId: null, signedTransaction: '' }),
        confirmedIn(13),
        buildTransaction({ status: 'pending' }),
        buildTransaction({ status: 'failed', blockNumber: 11 }),
      ];
      for (const line of lines) await store().transactions.insert(line);
      const expected = lines
        .filter(
          (line) =>
            line.status === 'confirmed' && (line.blockNumber ?? 0) >= 10 && (line.blockNumber ?? 0) <= 12,
        )
        .sort((a, b) => (a.blockNumber ?? 0) - (b.blockNumber ?? 0) || a.id.localeCompare(b.id))
        .map((line) => line.id);
      const firstPage = await store().transactions.listConfirmedInBlocks({ from: 10, to: 12 }, null, 2);
      const last = firstPage.at(-1);
      if (!last || last.blockNumber === null) throw new Error('empty first page');
      const rest = await store().transactions.listConfirmedInBlocks(
        { from: 10, to: 12 },
        { blockNumber: last.blockNumber, id: last.id },
        10,
      );
      expect([...firstPage, ...rest].map((line) => line.id)).toEqual(expected);
      expect(await store().transactions.listConfirmedInBlocks({ from: 14, to: 20 }, null, 10)).toEqual([]);
    });

    it('keeps every report exactly as saved, the latest being the newest by start then id', async () => {
      expect(await store().reconciliation.latestReport()).toBeNull();
      const first = buildReport();
      await store().reconciliation.saveReport(first);
      expect(await store().reconciliation.latestReport()).toEqual(first);
      const newest = buildReport({
        startedAt: minutesAfter(BUILDER_NOW, 60),
        finishedAt: minutesAfter(BUILDER_NOW, 61),
        blocks: null,
        counts: noDiscrepancies(),
        discrepancies: [],
        allWallets: true,
      });
      // Saved after the newest, yet started before it: the start decides, not the order of saving.
      const older = buildReport({ startedAt: minutesAfter(BUILDER_NOW, 30) });
      await store().reconciliation.saveReport(newest);
      await store().reconciliation.saveReport(older);
      expect(await store().reconciliation.latestReport()).toEqual(newest);
      for (const report of [first, newest, older]) {
        expect(await store().reconciliation.findReport(report.id)).toEqual(report);
      }
      // Two runs started at the same instant: the greater id is the newer.
      const [low, high] = ['6760c0f4a1b2c3d4e5f60001', '6760c0f4a1b2c3d4e5f60002'];
      const sameStart = minutesAfter(BUILDER_NOW, 90);
      await store().reconciliation.saveReport(buildReport({ id: high, startedAt: sameStart }));
      await store().reconciliation.saveReport(buildReport({ id: low, startedAt: sameStart }));
      expect((await store().reconciliation.latestReport())?.id).toBe(high);
    });

    it('lists the reports newest first, a page at a time with the total, without their rows', async () => {
      const reports = [3, 1, 4, 2, 5].map((minutes) =>
        buildReport({
          startedAt: minutesAfter(BUILDER_NOW, minutes * 10),
          finishedAt: minutesAfter(BUILDER_NOW, minutes * 10 + 1),
          counts: { ...noDiscrepancies(), mismatch: minutes },
        }),
      );
      for (const report of reports) await store().reconciliation.saveReport(report);
      const summaries = [...reports]
        .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())
        .map(({ discrepancies: _rows, ...summary }) => summary);

      const first = await store().reconciliation.listReports({ limit: 2, page: 1 });
      expect(first).toEqual({ items: summaries.slice(0, 2), total: 5, page: 1, limit: 2, pages: 3 });
      const last = await store().reconciliation.listReports({ limit: 2, page: 3 });
      expect(last).toEqual({ items: summaries.slice(4), total: 5, page: 3, limit: 2, pages: 3 });
      expect(first.items[0]).not.toHaveProperty('discrepancies');
      expect((await store().reconciliation.listReports({ limit: 2, page: 4 })).items).toEqual([]);
    });

    it('lists nothing before the first report, and finds no report under an unknown id', async () => {
      expect(await store().reconciliation.listReports({ limit: 10, page: 1 })).toEqual({
        items: [],
        total: 0,
        page: 1,
        limit: 10,
        pages: 0,
      });
      await store().reconciliation.saveReport(buildReport());
      expect(await store().reconciliation.findReport(newObjectId())).toBeNull();
    });

    it('keeps the first opening recorded for a wallet', async () => {
      const [a, b, c] = [
        'TOpeningAxxxxxxxxxxxxxxxxxxxxxxxxx',
        'TOpeningBxxxxxxxxxxxxxxxxxxxxxxxxx',
        'TOpeningC',
      ];
      await store().reconciliation.recordOpening({
        address: a,
        openingSun: 5_000_000,
        recordedAt: BUILDER_NOW,
      });
      await store().reconciliation.recordOpening({
        address: a,
        openingSun: 7_000_000,
        recordedAt: BUILDER_NOW,
      });
      await store().reconciliation.recordOpening({ address: b, openingSun: 0, recordedAt: BUILDER_NOW });
      const openings = await store().reconciliation.openings([a, b, c]);
      expect([...openings.entries()].sort()).toEqual([
        [a, 5_000_000],
        [b, 0],
      ]);
    });
  });
};
