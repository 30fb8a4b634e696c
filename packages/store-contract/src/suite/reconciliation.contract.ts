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

    it('keeps only the latest report, exactly as saved', async () => {
      expect(await store().reconciliation.latestReport()).toBeNull();
      const first = buildReport();
      await store().reconciliation.saveReport(first);
      expect(await store().reconciliation.latestReport()).toEqual(first);
      const second = buildReport({
        blocks: null,
        counts: noDiscrepancies(),
        discrepancies: [],
        allWallets: true,
      });
      await store().reconciliation.saveReport(second);
      expect(await store().reconciliation.latestReport()).toEqual(second);
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
