import type { TransactionRecord, TransactionStore as ShopTransactions } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildTransaction } from '../builders/transaction.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const MERCHANT = 'TMerchantLedgerWalletxxxxxxxxxxxxx';
const CUSTOMER = 'TCustomerLedgerWalletxxxxxxxxxxxxx';
const OTHER = 'TSomeoneElseWalletxxxxxxxxxxxxxxxx';
const TRX = 1_000_000;

/** The merchant's ledger reads (docs/api.md, "The merchant's ledger"). */
export const describeWalletMovementContract = (harness: ContractHarness): void => {
  describe("a wallet's movements: list, totals, running net", () => {
    const store = useFreshStore(harness);
    const minute = (n: number) => minutesAfter(BUILDER_NOW, n);
    const line = (overrides: Partial<TransactionRecord>) =>
      buildTransaction({ status: 'confirmed', effectApplied: true, ...overrides });

    const seed = async () => {
      const lines = {
        payment: line({
          type: 'purchase',
          fromAddress: CUSTOMER,
          toAddress: MERCHANT,
          amountSun: 5 * TRX,
          createdAt: minute(1),
        }),
        deposit: line({
          type: 'deposit',
          orderId: null,
          fromAddress: OTHER,
          toAddress: MERCHANT,
          amountSun: 2 * TRX,
          createdAt: minute(2),
        }),
        refund: line({
          type: 'refund',
          fromAddress: MERCHANT,
          toAddress: CUSTOMER,
          amountSun: 3 * TRX,
          createdAt: minute(3),
        }),
        fee: line({
          type: 'fee',
          fromAddress: MERCHANT,
          toAddress: '',
          amountSun: 100_000,
          createdAt: minute(3),
        }),
        withdrawal: line({
          type: 'withdrawal',
          orderId: null,
          fromAddress: MERCHANT,
          toAddress: OTHER,
          amountSun: 1 * TRX,
          status: 'pending',
          createdAt: minute(4),
        }),
        // Not the merchant's: another wallet's payment, and a customer's withdrawal to the merchant
        // (the merchant's side of that is its deposit line, recorded by the scanner).
        foreign: line({
          type: 'purchase',
          fromAddress: CUSTOMER,
          toAddress: OTHER,
          amountSun: 9 * TRX,
          createdAt: minute(5),
        }),
        intoMerchant: line({
          type: 'withdrawal',
          orderId: null,
          fromAddress: CUSTOMER,
          toAddress: MERCHANT,
          amountSun: 4 * TRX,
          createdAt: minute(6),
        }),
      };
      for (const record of Object.values(lines))
        expect(await store().transactions.insert(record)).toBe('inserted');
      return lines;
    };
    const page = { limit: 10, page: 1 };
    const ids = (items: readonly TransactionRecord[]) => items.map((item) => item.id);
    // Equal createdAt: the larger id is the newer (newest first).
    const newerFirst = (a: TransactionRecord, b: TransactionRecord) => (a.id > b.id ? [a, b] : [b, a]);

    it('lists the movements in and out of the wallet, newest first, and nothing else', async () => {
      const lines = await seed();
      const listed = await store().transactions.listWalletMovements(MERCHANT, {}, page);
      expect(listed.total).toBe(5);
      expect(ids(listed.items)).toEqual(
        ids([lines.withdrawal, ...newerFirst(lines.refund, lines.fee), lines.deposit, lines.payment]),
      );
      expect(listed.items[0]).toEqual(lines.withdrawal);
      const second = await store().transactions.listWalletMovements(MERCHANT, {}, { limit: 2, page: 3 });
      expect(ids(second.items)).toEqual([lines.payment.id]);
    });

    it('counts a wallet paying itself once, as money in (the domain rule movementOf)', async () => {
      const lines = await seed();
      const selfPayment = line({
        type: 'purchase',
        fromAddress: MERCHANT,
        toAddress: MERCHANT,
        amountSun: 1 * TRX,
        createdAt: minute(7),
      });
      await store().transactions.insert(selfPayment);
      const listed = await store().transactions.listWalletMovements(MERCHANT, {}, page);
      expect(listed.total).toBe(6);
      expect(ids(listed.items)).toEqual(
        ids([
          selfPayment,
          lines.withdrawal,
          ...newerFirst(lines.refund, lines.fee),
          lines.deposit,
          lines.payment,
        ]),
      );
      expect(await store().transactions.walletMovementTotals(MERCHANT, { type: 'purchase' })).toEqual({
        inSun: 5 * TRX + 1 * TRX,
        outSun: 0,
        feesSun: 0,
      });
      expect(await store().transactions.walletConfirmedNet(MERCHANT, null)).toBe(
        5 * TRX + 2 * TRX - 3 * TRX - 100_000 + 1 * TRX,
      );
    });

    it('filters by type, status and a [from, to) range of createdAt', async () => {
      const lines = await seed();
      const of = async (query: Parameters<ShopTransactions['listWalletMovements']>[1]) =>
        ids((await store().transactions.listWalletMovements(MERCHANT, query, page)).items);
      expect(await of({ type: 'fee' })).toEqual([lines.fee.id]);
      expect(await of({ status: 'pending' })).toEqual([lines.withdrawal.id]);
      expect(await of({ from: minute(2), to: minute(3) })).toEqual([lines.deposit.id]);
      expect(await of({ from: minute(3) })).toEqual(
        ids([lines.withdrawal, ...newerFirst(lines.refund, lines.fee)]),
      );
      expect(await of({ type: 'purchase', to: minute(2) })).toEqual([lines.payment.id]);
    });

    it('sums what the query selects, exact in SUN, fees apart from the rest of what went out', async () => {
      await seed();
      expect(await store().transactions.walletMovementTotals(MERCHANT, {})).toEqual({
        inSun: 7 * TRX,
        outSun: 4 * TRX,
        feesSun: 100_000,
      });
      expect(await store().transactions.walletMovementTotals(MERCHANT, { status: 'confirmed' })).toEqual({
        inSun: 7 * TRX,
        outSun: 3 * TRX,
        feesSun: 100_000,
      });
      expect(await store().transactions.walletMovementTotals(OTHER, { type: 'fee' })).toEqual({
        inSun: 0,
        outSun: 0,
        feesSun: 0,
      });
    });

    it('streams every movement oldest first, once each, across its read batches', async () => {
      const lines = await seed();
      const streamed: TransactionRecord[] = [];
      for await (const movement of store().transactions.streamWalletMovements(MERCHANT))
        streamed.push(movement);
      expect(ids(streamed)).toEqual(
        ids([
          lines.payment,
          lines.deposit,
          ...newerFirst(lines.refund, lines.fee).reverse(),
          lines.withdrawal,
        ]),
      );

      // 1,200 more, many sharing one instant: keyset batches must neither skip nor repeat a line.
      const many = Array.from({ length: 1_200 }, (_, index) =>
        line({
          type: 'deposit',
          orderId: null,
          fromAddress: OTHER,
          toAddress: MERCHANT,
          amountSun: 1 + index,
          createdAt: minute(10 + Math.floor(index / 300)),
        }),
      );
      for (const record of many) await store().transactions.insert(record);
      const seen: string[] = [];
      let previous: TransactionRecord | null = null;
      for await (const movement of store().transactions.streamWalletMovements(MERCHANT)) {
        if (previous) {
          const ordered =
            previous.createdAt.getTime() < movement.createdAt.getTime() ||
            (previous.createdAt.getTime() === movement.createdAt.getTime() && previous.id < movement.id);
          expect(ordered).toBe(true);
        }
        previous = movement;
        seen.push(movement.id);
      }
      expect(seen).toHaveLength(5 + 1_200);
      expect(new Set(seen).size).toBe(seen.length);
    }, 60_000);

    it('answers the running net of confirmed movements up to a line, or all of them', async () => {
      const lines = await seed();
      const net = (through: TransactionRecord | null) =>
        store().transactions.walletConfirmedNet(
          MERCHANT,
          through && { createdAt: through.createdAt, id: through.id },
        );
      expect(await net(null)).toBe(5 * TRX + 2 * TRX - 3 * TRX - 100_000);
      expect(await net(lines.payment)).toBe(5 * TRX);
      expect(await net(lines.deposit)).toBe(7 * TRX);
      const [newer, older] = newerFirst(lines.refund, lines.fee);
      expect(await net(older as TransactionRecord)).toBe(7 * TRX - (older as TransactionRecord).amountSun);
      expect(await net(newer as TransactionRecord)).toBe(7 * TRX - 3 * TRX - 100_000);
      // The pending withdrawal moved nothing yet.
      expect(await net(lines.withdrawal)).toBe(7 * TRX - 3 * TRX - 100_000);
      expect(await store().transactions.walletConfirmedNet(newObjectId(), null)).toBe(0);
    });

    it('answers the net of the confirmed movements between two lines, the later one included', async () => {
      const lines = await seed();
      const at = (line: TransactionRecord) => ({ createdAt: line.createdAt, id: line.id });
      const between = (after: TransactionRecord, through: TransactionRecord | null) =>
        store().transactions.walletConfirmedNet(MERCHANT, through && at(through), at(after));
      const [newer, older] = newerFirst(lines.refund, lines.fee) as [TransactionRecord, TransactionRecord];
      // After the payment, through the deposit: only the deposit.
      expect(await between(lines.payment, lines.deposit)).toBe(2 * TRX);
      expect(await between(lines.payment, null)).toBe(2 * TRX - 3 * TRX - 100_000);
      expect(await between(lines.deposit, newer)).toBe(-3 * TRX - 100_000);
      expect(await between(older, newer)).toBe(-newer.amountSun);
      expect(await between(newer, newer)).toBe(0);
      // Whatever the split, the parts add up to the whole.
      expect(
        (await between(lines.deposit, null)) +
          (await store().transactions.walletConfirmedNet(MERCHANT, at(lines.deposit))),
      ).toBe(await store().transactions.walletConfirmedNet(MERCHANT, null));
    });
  });
};
