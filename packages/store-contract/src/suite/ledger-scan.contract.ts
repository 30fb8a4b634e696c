import { describe, expect, it } from 'vitest';
import type { TransactionRecord } from '@trx-shop/domain';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { newTxId } from '../builders/order.builder.js';
import { buildTransaction } from '../builders/transaction.builder.js';
import { buildUser } from '../builders/user.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const RACE_TIMEOUT_MS = 120_000;
const at = minutesAfter(BUILDER_NOW, 3);

/** What the deposit scanner needs from a store (docs/api.md, "Deposits"). */
export const describeLedgerScanContract = (harness: ContractHarness): void => {
  describe('the deposit scanner: cursor, deposits, wallet lookup', () => {
    const store = useFreshStore(harness);

    it('keeps a named cursor that moves only from the block it is expected at', async () => {
      const cursors = store().chainCursors;
      expect(await cursors.read('deposits')).toBeNull();
      expect(await cursors.advance('deposits', 5, 6, at)).toBe(false);
      expect(await cursors.advance('deposits', null, 100, at)).toBe(true);
      expect(await cursors.advance('deposits', null, 50, at)).toBe(false);
      expect(await cursors.read('deposits')).toBe(100);
      expect(await cursors.advance('deposits', 100, 101, at)).toBe(true);
      expect(await cursors.advance('deposits', 100, 102, at)).toBe(false);
      expect(await cursors.read('deposits')).toBe(101);
      expect(await cursors.read('another')).toBeNull();
    });

    it('records a deposit beside the withdrawal of the same transfer, each once', async () => {
      const txId = newTxId();
      const sender = buildUser();
      const receiver = buildUser();
      const withdrawal = buildTransaction({
        userId: sender.id,
        orderId: null,
        type: 'withdrawal',
        transactionHash: txId,
        fromAddress: sender.wallet.address ?? '',
        toAddress: receiver.wallet.address ?? '',
        status: 'confirmed',
      });
      const deposit = buildTransaction({
        userId: receiver.id,
        orderId: null,
        type: 'deposit',
        transactionHash: txId,
        fromAddress: sender.wallet.address ?? '',
        toAddress: receiver.wallet.address ?? '',
        status: 'confirmed',
        confirmations: 21,
        blockNumber: 77,
        effectApplied: true,
        signedTransaction: '',
      });
      expect(await store().transactions.insert(withdrawal)).toBe('inserted');
      expect(await store().transactions.insert(deposit)).toBe('inserted');
      expect(await store().transactions.insert({ ...deposit, id: newObjectId(), amountSun: 1 })).toBe(
        'exists',
      );
      expect(await store().transactions.insert({ ...withdrawal, id: newObjectId() })).toBe('exists');
      // The txID names what the service sent; the deposit is found through its owner.
      expect(await store().transactions.findByHash(txId)).toEqual(withdrawal);
      expect(await store().transactions.findByHashes([txId, newTxId()])).toEqual([withdrawal]);
      expect(await store().transactions.findByHashes([])).toEqual([]);
      const receiverLines = await store().transactions.listByUser(receiver.id, {}, { limit: 10, page: 1 });
      expect(receiverLines.items).toEqual([deposit]);
      const deposits = await store().transactions.listByUser(
        receiver.id,
        { type: 'deposit' },
        { limit: 10, page: 1 },
      );
      expect(deposits.total).toBe(1);
    });

    it("records a block's deposits in one call, each once, and answers each one's outcome", async () => {
      const receiver = buildUser();
      const depositOf = (txId: string, amountSun: number) =>
        buildTransaction({
          userId: receiver.id,
          orderId: null,
          type: 'deposit',
          transactionHash: txId,
          toAddress: receiver.wallet.address ?? '',
          amountSun,
          status: 'confirmed',
          effectApplied: true,
        });
      const recorded = depositOf(newTxId(), 1_000);
      expect(await store().transactions.insert(recorded)).toBe('inserted');
      const fresh = [depositOf(newTxId(), 2_000), depositOf(newTxId(), 3_000)];
      const sameTransferTwice = depositOf(newTxId(), 4_000);
      const outcomes = await store().transactions.insertMany([
        fresh[0] as TransactionRecord,
        { ...recorded, id: newObjectId(), amountSun: 9 },
        sameTransferTwice,
        { ...sameTransferTwice, id: newObjectId(), amountSun: 8 },
        fresh[1] as TransactionRecord,
      ]);
      expect(outcomes).toEqual(['inserted', 'exists', 'inserted', 'exists', 'inserted']);
      const lines = await store().transactions.listByUser(receiver.id, {}, { limit: 50, page: 1 });
      expect(lines.items.map((line) => line.amountSun).sort((a, b) => a - b)).toEqual([
        1_000, 2_000, 3_000, 4_000,
      ]);
      expect(await store().transactions.insertMany([])).toEqual([]);
    });

    it("finds the owners of a block's addresses in one call, ignoring unknown addresses", async () => {
      const [first, second, third] = [buildUser(), buildUser(), buildUser()];
      const walletless = buildUser({
        wallet: { address: null, encryptedPrivateKey: null, externalAddress: null },
      });
      const alsoWalletless = buildUser({
        wallet: { address: null, encryptedPrivateKey: null, externalAddress: null },
      });
      for (const user of [first, second, third, walletless, alsoWalletless]) {
        expect((await store().users.insert(user)).ok).toBe(true);
      }
      const found = await store().users.findByWalletAddresses([
        first?.wallet.address ?? '',
        third?.wallet.address ?? '',
        'TUnknownAddressxxxxxxxxxxxxxxxxxxx',
      ]);
      expect(found.map((user) => user.id).sort()).toEqual([first?.id, third?.id].sort());
      expect(found.find((user) => user.id === first?.id)).toEqual(first);
      expect(await store().users.findByWalletAddresses([])).toEqual([]);
    });

    it('answers the holder of each held address among many, and nothing for the rest', async () => {
      const holders = Array.from({ length: 30 }, () => buildUser());
      const walletless = buildUser({
        wallet: { address: null, encryptedPrivateKey: null, externalAddress: null },
      });
      for (const user of [...holders, walletless]) expect((await store().users.insert(user)).ok).toBe(true);
      const asked = holders.filter((_, index) => index % 3 !== 0);
      const unknown = Array.from(
        { length: 40 },
        (_, index) => `TUnknownAddress${String(index).padStart(19, 'x')}`,
      );
      const found = await store().users.walletHolders([
        ...unknown.slice(0, 20),
        ...asked.map((user) => user.wallet.address ?? ''),
        ...unknown.slice(20),
        asked[0]?.wallet.address ?? '',
      ]);
      const byId = (a: { userId: string }, b: { userId: string }) => a.userId.localeCompare(b.userId);
      expect([...found].sort(byId)).toEqual(
        asked.map((user) => ({ userId: user.id, address: user.wallet.address })).sort(byId),
      );
      expect(await store().users.walletHolders([])).toEqual([]);
    });

    it('finds a holder given on another instance after a lookup found the address held by no one', async () => {
      const here = buildUser();
      const elsewhere = buildUser();
      const asked = [here.wallet.address ?? '', elsewhere.wallet.address ?? ''];
      expect(await store().users.walletHolders(asked)).toEqual([]);
      const [signedUp] = await harness.race(store(), 'insertUser', [elsewhere]);
      expect(signedUp).toBe(true);
      expect(await store().users.walletHolders(asked)).toEqual([
        { userId: elsewhere.id, address: elsewhere.wallet.address },
      ]);
      expect((await store().users.insert(here)).ok).toBe(true);
      const byId = (a: { userId: string }, b: { userId: string }) => a.userId.localeCompare(b.userId);
      expect([...(await store().users.walletHolders(asked))].sort(byId)).toEqual(
        [
          { userId: here.id, address: here.wallet.address },
          { userId: elsewhere.id, address: elsewhere.wallet.address },
        ].sort(byId),
      );
    });

    it(
      'lets exactly one of 20 concurrent scanners move the cursor past a block',
      async () => {
        await store().chainCursors.advance('deposits', null, 10, at);
        const outcomes = await harness.race(
          store(),
          'advanceChainCursor',
          Array.from({ length: 20 }, () => ({ name: 'deposits', expected: 10, next: 11, at })),
        );
        expect(outcomes.filter(Boolean)).toHaveLength(1);
        expect(await store().chainCursors.read('deposits')).toBe(11);
      },
      RACE_TIMEOUT_MS,
    );

    it(
      'records a deposit once when 20 scanners record it at once',
      async () => {
        const receiver = buildUser();
        const txId = newTxId();
        const copies = Array.from({ length: 20 }, () =>
          buildTransaction({
            userId: receiver.id,
            orderId: null,
            type: 'deposit',
            transactionHash: txId,
            toAddress: receiver.wallet.address ?? '',
            status: 'confirmed',
            effectApplied: true,
          }),
        );
        const outcomes = await harness.race(store(), 'insertTransaction', copies);
        expect(outcomes.filter((outcome) => outcome === 'inserted')).toHaveLength(1);
        const lines = await store().transactions.listByUser(receiver.id, {}, { limit: 50, page: 1 });
        expect(lines.total).toBe(1);
      },
      RACE_TIMEOUT_MS,
    );

    it(
      "records a block's deposits once when 8 scanners record the same block at once",
      async () => {
        const receiver = buildUser();
        const txIds = Array.from({ length: 10 }, () => newTxId());
        const blockFor = () =>
          txIds.map((txId) =>
            buildTransaction({
              userId: receiver.id,
              orderId: null,
              type: 'deposit',
              transactionHash: txId,
              toAddress: receiver.wallet.address ?? '',
              status: 'confirmed',
              effectApplied: true,
            }),
          );
        const outcomes = await harness.race(
          store(),
          'insertTransactions',
          Array.from({ length: 8 }, blockFor),
        );
        // Each transfer is inserted by exactly one scanner, whichever it was.
        for (let index = 0; index < txIds.length; index += 1) {
          expect(outcomes.filter((perScanner) => perScanner[index] === 'inserted')).toHaveLength(1);
        }
        const lines = await store().transactions.listByUser(receiver.id, {}, { limit: 50, page: 1 });
        expect(lines.total).toBe(txIds.length);
      },
      RACE_TIMEOUT_MS,
    );
  });
};
