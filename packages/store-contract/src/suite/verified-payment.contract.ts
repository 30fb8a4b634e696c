import type { TransactionRecord } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildOrder, buildTransferClaim, newTxId } from '../builders/order.builder.js';
import { buildTransaction } from '../builders/transaction.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const RACE_TIMEOUT_MS = 120_000;
const at = minutesAfter(BUILDER_NOW, 7);
const MERCHANT = 'TMerchantVerifiedWalletxxxxxxxxxxx';
const OUTSIDE = 'TSomeExchangeHotWalletxxxxxxxxxxxx';

/** What verifying a payment made from outside needs from a store (docs/api.md, "Verifying a payment"). */
export const describeVerifiedPaymentContract = (harness: ContractHarness): void => {
  describe('a payment made from outside, linked to an order', () => {
    const store = useFreshStore(harness);

    const deposit = (txId = newTxId()): TransactionRecord =>
      buildTransaction({
        userId: newObjectId(),
        orderId: null,
        type: 'deposit',
        transactionHash: txId,
        fromAddress: OUTSIDE,
        toAddress: MERCHANT,
        amountSun: 12_000_000,
        status: 'confirmed',
        confirmations: 21,
        blockNumber: 90,
        signedTransaction: '',
        effectApplied: true,
      });

    it('binds a deposit to one order at a time, and makes it that order’s purchase keeping its key', async () => {
      const line = deposit();
      expect(await store().transactions.insert(line)).toBe('inserted');
      expect(await store().transactions.findReceived(line.transactionHash, MERCHANT)).toEqual(line);
      expect(await store().transactions.findReceived(line.transactionHash, OUTSIDE)).toBeNull();
      const [first, second] = [newObjectId(), newObjectId()];
      const link = (step: Parameters<ReturnType<typeof store>['transactions']['linkReceived']>[1]) =>
        store().transactions.linkReceived(line.id, step, at);
      expect(await link({ kind: 'purchase', orderId: first, userId: newObjectId() })).toBe(false);
      expect(await link({ kind: 'bind', orderId: first })).toBe(true);
      expect(await link({ kind: 'bind', orderId: second })).toBe(false);
      expect(await link({ kind: 'unbind', orderId: second })).toBe(false);
      expect(await link({ kind: 'unbind', orderId: first })).toBe(true);
      expect(await link({ kind: 'bind', orderId: second })).toBe(true);
      expect(await link({ kind: 'purchase', orderId: first, userId: newObjectId() })).toBe(false);
      const customer = newObjectId();
      expect(await link({ kind: 'purchase', orderId: second, userId: customer })).toBe(true);
      expect(await link({ kind: 'unbind', orderId: second })).toBe(false);
      expect(await link({ kind: 'bind', orderId: first })).toBe(false);

      const linked = await store().transactions.findReceived(line.transactionHash, MERCHANT);
      expect(linked).toEqual({
        ...line,
        type: 'purchase',
        orderId: second,
        userId: customer,
        effectApplied: false,
        updatedAt: at,
      });
      // Still the line of that transfer into the merchant wallet: a rescan cannot add a deposit.
      expect(await store().transactions.insert({ ...line, id: newObjectId() })).toBe('exists');
      // Not a transfer the service sent.
      expect(await store().transactions.findByHash(line.transactionHash)).toBeNull();
      const awaiting = await store().transactions.listAwaitingEffect(10);
      expect(awaiting.map((record) => record.id)).toEqual([line.id]);
      expect(
        await store().transactions.linkReceived(newObjectId(), { kind: 'bind', orderId: first }, at),
      ).toBe(false);
    });

    it(
      'lets exactly one of 20 concurrent binds of one deposit to 20 orders win',
      async () => {
        const line = deposit();
        await store().transactions.insert(line);
        const outcomes = await harness.race(
          store(),
          'bindReceived',
          Array.from({ length: 20 }, () => ({ id: line.id, orderId: newObjectId(), at })),
        );
        expect(outcomes.filter(Boolean)).toHaveLength(1);
      },
      RACE_TIMEOUT_MS,
    );

    /** A payment made from outside, as verify-payment stores it: born confirmed and recorded. */
    const outsideClaim = () =>
      buildTransferClaim({
        signedTransaction: '',
        fromAddress: OUTSIDE,
        toAddress: MERCHANT,
        state: 'confirmed',
        recorded: true,
      });
    /** The one guarded write that completes a pending or failed order with such a claim. */
    const completeWithClaim = (orderId: string, claim: ReturnType<typeof outsideClaim>) =>
      store().orders.changeStatus(orderId, {
        from: ['pending', 'failed'],
        to: 'completed',
        requireNoLivePayment: true,
        requireNoTransferInFlight: true,
        beginEffect: 'purchase',
        paymentClaim: claim,
        at,
      });

    for (const from of ['pending', 'failed'] as const) {
      it(`completes a ${from} order with a confirmed payment claim in one write`, async () => {
        const order = buildOrder({ userId: newObjectId() });
        expect((await store().orders.create(order)).ok).toBe(true);
        if (from === 'failed') {
          const attempt = buildTransferClaim();
          expect(await store().orders.claimTransfer(order.id, 'payment', attempt)).toBe(true);
          await store().orders.settleClaim(order.id, 'payment', attempt.txId, 'failed');
          expect(
            (await store().orders.changeStatus(order.id, { from: ['pending'], to: 'failed', at })).ok,
          ).toBe(true);
        }
        const claim = outsideClaim();
        const changed = await completeWithClaim(order.id, claim);
        expect(changed.ok).toBe(true);
        const stored = await store().orders.findById(order.id);
        expect(stored).toMatchObject({
          status: 'completed',
          payment: claim,
          transactionHash: claim.txId,
          purchaseEffect: 'applying',
        });
        // The customer holds no pending order any more: a new one may be created.
        expect((await store().orders.create(buildOrder({ userId: order.userId }))).ok).toBe(true);
      });
    }

    it('refuses while a payment of the order is in flight, changing nothing', async () => {
      const order = buildOrder({ userId: newObjectId() });
      expect((await store().orders.create(order)).ok).toBe(true);
      expect(await store().orders.claimTransfer(order.id, 'payment', buildTransferClaim())).toBe(true);
      const before = await store().orders.findById(order.id);
      const changed = await completeWithClaim(order.id, outsideClaim());
      expect(changed).toEqual({ ok: false, error: 'STATUS_MISMATCH' });
      expect(await store().orders.findById(order.id)).toEqual(before);
    });
  });
};
