import { NO_SUBJECTS } from '@trx-shop/domain';
import { handedOn } from './handed-on.js';
import { describe, expect, it } from 'vitest';
import { buildShopEvent } from '../builders/event.builder.js';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildOrder, buildOrderRefund, buildTransferClaim } from '../builders/order.builder.js';
import { buildProduct } from '../builders/product.builder.js';
import { buildTransaction } from '../builders/transaction.builder.js';
import { buildUser } from '../builders/user.builder.js';
import { buildWithdrawal } from '../builders/withdrawal.builder.js';
import type { ContractHarness } from '../harness.js';
import { paidOrder } from './paid-order.js';
import { useFreshStore } from './use-store.js';

const RACE_TIMEOUT_MS = 120_000;

/** The event log and the orders' outbox (docs/api.md, "Events"). */
export const describeEventContract = (harness: ContractHarness): void => {
  describe('event log', () => {
    const store = useFreshStore(harness);

    it('logs each event once at the sequence it took, and reads it back in sequence order, exactly', async () => {
      const log = store().eventLog;
      const first = buildShopEvent();
      const second = buildShopEvent({
        type: 'product.updated',
        subjects: { ...NO_SUBJECTS, productId: newObjectId() },
      });
      const [a, b] = [await log.takeSequence(), await log.takeSequence()];
      expect(b).toBeGreaterThan(a);
      // The later number lands first: a reader sees the hole at `a` until the earlier insert lands.
      expect(await log.insert(second, b, BUILDER_NOW)).toEqual({
        ...second,
        sequence: b,
        loggedAt: BUILDER_NOW,
      });
      expect((await log.readAfter(a - 1, 10)).map((event) => event.sequence)).toEqual([b]);
      await log.insert(first, a, minutesAfter(BUILDER_NOW, 1));
      expect(await log.readAfter(a - 1, 10)).toEqual([
        { ...first, sequence: a, loggedAt: minutesAfter(BUILDER_NOW, 1) },
        { ...second, sequence: b, loggedAt: BUILDER_NOW },
      ]);
      expect(await log.readAfter(a, 10)).toEqual([{ ...second, sequence: b, loggedAt: BUILDER_NOW }]);
      expect(await log.readAfter(a - 1, 1)).toHaveLength(1);
      // Again under another number: the first insert stands.
      expect(await log.insert(first, await log.takeSequence(), minutesAfter(BUILDER_NOW, 5))).toMatchObject({
        sequence: a,
      });
      expect(await log.readAfter(a - 1, 10)).toHaveLength(2);
      expect(await log.findById(second.id)).toMatchObject({ sequence: b, payload: second.payload });
      expect(await log.findById(newObjectId())).toBeNull();
      expect(await log.oldestSequence()).toBe(a);
      expect(await log.newestSequence()).toBe(b);
    });

    it("logs a relay's batch at consecutive numbers in one call, skipping what is logged already", async () => {
      const log = store().eventLog;
      const early = buildShopEvent();
      await log.insert(early, await log.takeSequence(), BUILDER_NOW);
      const batch = Array.from({ length: 4 }, () => buildShopEvent());
      const first = await log.takeSequences(batch.length);
      expect(first).toBe(2);
      expect(await log.takeSequence()).toBe(first + batch.length);
      const at = minutesAfter(BUILDER_NOW, 2);
      // The early event again under a new number, as a relay that died before clearing would.
      const entries = [...batch, early].map((event, index) => ({ event, sequence: first + index }));
      expect(await log.insertMany(entries, at)).toBe(4);
      expect(await log.readAfter(0, 10)).toEqual([
        { ...early, sequence: 1, loggedAt: BUILDER_NOW },
        ...batch.map((event, index) => ({ ...event, sequence: first + index, loggedAt: at })),
      ]);
      expect(await log.insertMany(entries.slice(0, 2), at)).toBe(0);
      expect(await log.insertMany([], at)).toBe(0);
      expect(await log.readAfter(0, 10)).toHaveLength(5);
      const unknown = newObjectId();
      expect(await log.loggedIds([batch[1]?.id as string, unknown, early.id])).toEqual(
        new Set([batch[1]?.id, early.id]),
      );
      expect(await log.loggedIds([])).toEqual(new Set());
    });

    it('answers no oldest or newest sequence for an empty log', async () => {
      expect(await store().eventLog.oldestSequence()).toBeNull();
      expect(await store().eventLog.newestSequence()).toBeNull();
    });

    it("reads one user's events after a sequence, in sequence order, at most the limit", async () => {
      const log = store().eventLog;
      const [alice, bob] = [newObjectId(), newObjectId()];
      const ofUser = (userId: string | null) => buildShopEvent({ subjects: { ...NO_SUBJECTS, userId } });
      const events = [ofUser(alice), ofUser(bob), ofUser(alice), ofUser(null), ofUser(alice)];
      const sequences: number[] = [];
      while (sequences.length < events.length) sequences.push(await log.takeSequence());
      // Inserted out of order: the read orders by sequence, not by arrival.
      for (const index of [4, 0, 3, 1, 2]) {
        await log.insert(events[index] as (typeof events)[number], sequences[index] as number, BUILDER_NOW);
      }
      const idsOf = (read: readonly { id: string }[]) => read.map((event) => event.id);
      expect(idsOf(await log.readUserAfter(alice, 0, 10))).toEqual([
        events[0]?.id,
        events[2]?.id,
        events[4]?.id,
      ]);
      expect(idsOf(await log.readUserAfter(alice, sequences[0] as number, 10))).toEqual([
        events[2]?.id,
        events[4]?.id,
      ]);
      expect(idsOf(await log.readUserAfter(alice, 0, 2))).toEqual([events[0]?.id, events[2]?.id]);
      expect(idsOf(await log.readUserAfter(bob, 0, 10))).toEqual([events[1]?.id]);
      expect(await log.readUserAfter(newObjectId(), 0, 10)).toEqual([]);
      expect(await log.newestSequence()).toBe(sequences[4]);
    });

    it('compacts only events older than the cut that concern no order, oldest first and at most the limit', async () => {
      const log = store().eventLog;
      const old = (minutes: number, orderId: string | null) =>
        buildShopEvent({
          occurredAt: minutesAfter(BUILDER_NOW, minutes),
          subjects: { ...NO_SUBJECTS, orderId },
        });
      const events = [old(0, null), old(1, newObjectId()), old(2, null), old(3, null), old(30, null)];
      for (const event of events) {
        await log.insert(event, await log.takeSequence(), event.occurredAt);
      }
      const cut = minutesAfter(BUILDER_NOW, 10);
      expect(await log.compact(cut, 2)).toBe(2);
      expect(await log.compact(cut, 2)).toBe(1);
      expect(await log.compact(cut, 2)).toBe(0);
      const kept = (await log.readAfter(0, 10)).map((event) => event.id);
      expect(kept).toEqual([events[1]?.id, events[4]?.id]);
    });

    it(
      'logs an event once when relays on separate connections insert it at once',
      async () => {
        const event = buildShopEvent();
        const sequences: number[] = [];
        for (let index = 0; index < 20; index += 1) sequences.push(await store().eventLog.takeSequence());
        const outcomes = await harness.race(
          store(),
          'insertEvent',
          sequences.map((sequence) => ({ event, sequence, at: BUILDER_NOW })),
        );
        expect(new Set(outcomes)).toHaveProperty('size', 1);
        expect(await store().eventLog.readAfter(0, 100)).toEqual([
          { ...event, sequence: outcomes[0], loggedAt: BUILDER_NOW },
        ]);
      },
      RACE_TIMEOUT_MS,
    );
  });

  describe("the events of orders' writes", () => {
    const store = useFreshStore(harness);
    const handedOnIds = async () => (await handedOn(store())).map((event) => event.id);

    it('hands on the events of a write that applied, in the order written', async () => {
      const order = buildOrder();
      const created = buildShopEvent({
        occurredAt: BUILDER_NOW,
        subjects: { ...NO_SUBJECTS, orderId: order.id },
      });
      expect((await store().orders.create(order, [created])).ok).toBe(true);
      const cancelled = buildShopEvent({ type: 'order.cancelled', occurredAt: minutesAfter(BUILDER_NOW, 1) });
      const changed = await store().orders.changeStatus(order.id, {
        from: ['pending'],
        to: 'cancelled',
        events: [cancelled],
        at: minutesAfter(BUILDER_NOW, 1),
      });
      expect(changed.ok).toBe(true);
      expect(await handedOn(store())).toEqual([created, cancelled]);
    });

    it('writes no event for a write that did not apply', async () => {
      const userId = newObjectId();
      const first = buildOrder({ userId });
      await store().orders.create(first);
      // A second pending order of the user is refused, and so are its events.
      expect((await store().orders.create(buildOrder({ userId }), [buildShopEvent()])).ok).toBe(false);
      expect(
        (
          await store().orders.changeStatus(first.id, {
            from: ['completed'],
            to: 'refunded',
            events: [buildShopEvent()],
            at: BUILDER_NOW,
          })
        ).ok,
      ).toBe(false);
      const claimed = buildShopEvent();
      expect(await store().orders.claimTransfer(first.id, 'payment', buildTransferClaim(), [claimed])).toBe(
        true,
      );
      expect(
        await store().orders.claimTransfer(first.id, 'payment', buildTransferClaim(), [buildShopEvent()]),
      ).toBe(false);
      expect(await handedOnIds()).toEqual([claimed.id]);
    });

    it('writes the events of a settlement once, however often it is repeated', async () => {
      const { order, paid } = await paidOrder(store());
      const refund = buildOrderRefund({ amountSun: 100_000 });
      const sent = buildShopEvent({ type: 'refund.sent' });
      expect(await store().orders.claimRefund(order.id, refund, paid, [sent])).toBe(true);
      const confirmed = buildShopEvent({
        type: 'refund.confirmed',
        occurredAt: minutesAfter(BUILDER_NOW, 2),
      });
      for (let repeat = 0; repeat < 3; repeat += 1) {
        await store().orders.settleClaim(
          order.id,
          'refund',
          refund.txId,
          'confirmed',
          repeat === 0 ? [confirmed] : [buildShopEvent()],
        );
      }
      const paymentEvent = buildShopEvent({
        type: 'payment.confirmed',
        occurredAt: minutesAfter(BUILDER_NOW, 3),
      });
      // Its payment is confirmed already: settling it confirmed again moves nothing and writes nothing.
      await store().orders.settleClaim(order.id, 'payment', paid.txId, 'confirmed', [paymentEvent]);
      expect(await handedOnIds()).toEqual([sent.id, confirmed.id]);
    });
  });

  describe('the events of writes to transactions, withdrawals, users and products', () => {
    const store = useFreshStore(harness);
    const handedOnIds = async () => (await handedOn(store())).map((event) => event.id);

    it('hands on the events of an inserted transaction line, and none of one that already existed', async () => {
      const deposit = buildTransaction({
        type: 'deposit',
        orderId: null,
        status: 'confirmed',
        signedTransaction: '',
      });
      const event = buildShopEvent({ type: 'deposit.received' });
      expect(await store().transactions.insert(deposit, [event])).toBe('inserted');
      expect(await store().transactions.insert({ ...deposit, id: newObjectId() }, [buildShopEvent()])).toBe(
        'exists',
      );
      const [fresh, again] = [buildTransaction({ type: 'fee', status: 'confirmed' }), deposit];
      const [freshEvent, againEvent] = [
        buildShopEvent({ type: 'fee.recorded', occurredAt: minutesAfter(BUILDER_NOW, 1) }),
        buildShopEvent(),
      ];
      expect(await store().transactions.insertMany([fresh, again], [[freshEvent], [againEvent]])).toEqual([
        'inserted',
        'exists',
      ]);
      expect(await handedOn(store())).toEqual([event, freshEvent]);
    });

    it('logs every event of each line a batch inserted, and none of a line in it that existed', async () => {
      const existing = buildTransaction({ type: 'deposit', orderId: null, status: 'confirmed' });
      expect(await store().transactions.insert(existing)).toBe('inserted');
      const [first, last] = [buildTransaction({ type: 'fee' }), buildTransaction({ type: 'fee' })];
      const eventAt = (minutes: number) => buildShopEvent({ occurredAt: minutesAfter(BUILDER_NOW, minutes) });
      const [firstEvents, existingEvents, lastEvents] = [
        [eventAt(1), eventAt(2)],
        [eventAt(3)],
        [eventAt(4)],
      ];
      expect(
        await store().transactions.insertMany(
          [first, existing, last],
          [firstEvents, existingEvents, lastEvents],
        ),
      ).toEqual(['inserted', 'exists', 'inserted']);
      expect(await handedOnIds()).toEqual([...firstEvents, ...lastEvents].map((event) => event.id));
    });

    it('hands on the events of a withdrawal claimed and settled once, and none of a lost claim or a repeat', async () => {
      const withdrawal = buildWithdrawal();
      const sent = buildShopEvent({ type: 'withdrawal.sent' });
      expect(await store().withdrawals.claim(withdrawal, minutesAfter(BUILDER_NOW, -60), [sent])).toEqual({
        claimed: true,
      });
      const sameKey = { ...withdrawal, id: newObjectId() };
      expect(
        (await store().withdrawals.claim(sameKey, minutesAfter(BUILDER_NOW, -60), [buildShopEvent()]))
          .claimed,
      ).toBe(false);
      const confirmed = buildShopEvent({
        type: 'withdrawal.confirmed',
        occurredAt: minutesAfter(BUILDER_NOW, 1),
      });
      await store().withdrawals.settle(withdrawal.id, 'confirmed', [confirmed]);
      await store().withdrawals.settle(withdrawal.id, 'confirmed', [buildShopEvent()]);
      await store().withdrawals.settle(withdrawal.id, 'failed', [buildShopEvent()]);
      expect(await handedOnIds()).toEqual([sent.id, confirmed.id]);
      expect((await store().withdrawals.find(withdrawal.userId, withdrawal.key))?.claim.state).toBe(
        'confirmed',
      );
    });

    it('hands on the events of a customer blocked or unblocked only when the flag changed', async () => {
      const user = buildUser({ isActive: true });
      expect((await store().users.insert(user)).ok).toBe(true);
      const blocked = buildShopEvent({ type: 'customer.blocked' });
      expect((await store().users.setActive(user.id, false, BUILDER_NOW, [blocked]))?.isActive).toBe(false);
      expect((await store().users.setActive(user.id, false, BUILDER_NOW, [buildShopEvent()]))?.isActive).toBe(
        false,
      );
      const unblocked = buildShopEvent({
        type: 'customer.unblocked',
        occurredAt: minutesAfter(BUILDER_NOW, 1),
      });
      await store().users.setActive(user.id, true, minutesAfter(BUILDER_NOW, 1), [unblocked]);
      expect(await store().users.setActive(newObjectId(), true, BUILDER_NOW, [buildShopEvent()])).toBeNull();
      expect(await handedOnIds()).toEqual([blocked.id, unblocked.id]);
    });

    it("hands on the events of an account's password, 2FA and sign-in writes, and none for a missing user", async () => {
      const user = buildUser();
      expect((await store().users.insert(user)).ok).toBe(true);
      const later = (minutes: number) => minutesAfter(BUILDER_NOW, minutes);
      const changed = buildShopEvent({ type: 'user.password_changed', occurredAt: later(1) });
      expect(
        (await store().users.updatePasswordHash(user.id, 'new-hash', later(1), [changed]))?.passwordHash,
      ).toBe('new-hash');
      const enabled = buildShopEvent({ type: 'user.two_factor_enabled', occurredAt: later(2) });
      const twoFactor = { enabled: true, encryptedSecret: 'k1:c2VjcmV0', lastAcceptedStep: 7 };
      expect((await store().users.setTwoFactor(user.id, twoFactor, later(2), [enabled]))?.twoFactor).toEqual(
        twoFactor,
      );
      const signedIn = buildShopEvent({ type: 'user.signed_in_new_device', occurredAt: later(3) });
      await store().users.recordLogin(user.id, later(3), [signedIn]);
      expect((await store().users.findById(user.id))?.lastLogin).toEqual(later(3));
      const missing = newObjectId();
      expect(await store().users.updatePasswordHash(missing, 'x', later(4), [buildShopEvent()])).toBeNull();
      expect(await store().users.setTwoFactor(missing, twoFactor, later(4), [buildShopEvent()])).toBeNull();
      await store().users.recordLogin(missing, later(4), [buildShopEvent()]);
      expect(await handedOnIds()).toEqual([changed.id, enabled.id, signedIn.id]);
    });

    it('hands on the events of a product created and updated, and none of an update of a missing product', async () => {
      const product = buildProduct();
      const created = buildShopEvent({ type: 'product.created' });
      await store().products.insert(product, [created]);
      const updated = buildShopEvent({ type: 'product.updated', occurredAt: minutesAfter(BUILDER_NOW, 1) });
      expect(
        await store().products.update(product.id, { stock: 3 }, minutesAfter(BUILDER_NOW, 1), [updated]),
      ).toMatchObject({
        stock: 3,
      });
      expect(
        await store().products.update(newObjectId(), { stock: 1 }, BUILDER_NOW, [buildShopEvent()]),
      ).toBeNull();
      expect(await handedOnIds()).toEqual([created.id, updated.id]);
    });
  });

  if (harness.logsEventsAtWrite) {
    describe('events logged at the write', () => {
      const store = useFreshStore(harness);

      it("logs a write's events in the write, numbered in the order written, logged when they occurred, and leaves no outbox entry", async () => {
        const order = buildOrder();
        const created = buildShopEvent({ occurredAt: minutesAfter(BUILDER_NOW, 5) });
        const priced = buildShopEvent({ type: 'payment.sent', occurredAt: minutesAfter(BUILDER_NOW, 5) });
        expect((await store().orders.create(order, [created, priced])).ok).toBe(true);
        const product = buildProduct();
        const added = buildShopEvent({ type: 'product.created', occurredAt: minutesAfter(BUILDER_NOW, 1) });
        await store().products.insert(product, [added]);
        expect(await store().outbox.pending(100)).toEqual([]);
        const logged = await store().eventLog.readAfter(0, 100);
        const first = (logged[0] as { sequence: number }).sequence;
        // Write order, not `occurredAt` order: the product's event occurred earlier but was written later.
        expect(logged).toEqual([
          { ...created, sequence: first, loggedAt: created.occurredAt },
          { ...priced, sequence: first + 1, loggedAt: priced.occurredAt },
          { ...added, sequence: first + 2, loggedAt: added.occurredAt },
        ]);
      });

      it('takes no number for a write that did not apply, so the log has no hole', async () => {
        const userId = newObjectId();
        const pending = buildOrder({ userId });
        const created = buildShopEvent();
        expect((await store().orders.create(pending, [created])).ok).toBe(true);
        expect((await store().orders.create(buildOrder({ userId }), [buildShopEvent()])).ok).toBe(false);
        expect(
          await store().products.update(newObjectId(), { stock: 1 }, BUILDER_NOW, [buildShopEvent()]),
        ).toBeNull();
        const next = buildShopEvent({ type: 'product.created' });
        await store().products.insert(buildProduct(), [next]);
        const sequences = (await store().eventLog.readAfter(0, 100)).map((event) => [
          event.id,
          event.sequence,
        ]);
        const first = (sequences[0] as [string, number])[1];
        expect(sequences).toEqual([
          [created.id, first],
          [next.id, first + 1],
        ]);
      });

      it(
        'numbers the events of writes racing from several connections consecutively, each write its own run',
        async () => {
          const writes = [0, 1, 2, 3].map((writer) => {
            const records = [0, 1, 2].map(() =>
              buildTransaction({
                type: 'deposit',
                orderId: null,
                status: 'confirmed',
                signedTransaction: '',
              }),
            );
            return {
              records,
              events: records.map((_, index) => [
                buildShopEvent({
                  type: 'deposit.received',
                  occurredAt: minutesAfter(BUILDER_NOW, writer * 3 + index),
                }),
              ]),
            };
          });
          const outcomes = await harness.race(store(), 'insertLinesWithEvents', writes);
          expect(outcomes).toEqual(writes.map(() => ['inserted', 'inserted', 'inserted']));
          const logged = await store().eventLog.readAfter(0, 100);
          const first = (logged[0] as { sequence: number }).sequence;
          expect(logged.map((event) => event.sequence)).toEqual(logged.map((_, index) => first + index));
          // Whichever write went first, its three events are three consecutive numbers.
          const idsOfWrite = (write: (typeof writes)[number]) => write.events.map(([event]) => event?.id);
          const runs = [0, 3, 6, 9].map((start) => logged.slice(start, start + 3).map((event) => event.id));
          expect(new Set(runs.map((run) => JSON.stringify(run)))).toEqual(
            new Set(writes.map((write) => JSON.stringify(idsOfWrite(write)))),
          );
        },
        RACE_TIMEOUT_MS,
      );
    });
  } else {
    describe("the records' outboxes", () => {
      const store = useFreshStore(harness);
      const pendingIds = async () => (await store().outbox.pending(100)).map((entry) => entry.event.id);

      it('keeps the events of a write that applied, oldest first, until each is cleared', async () => {
        const order = buildOrder();
        const created = buildShopEvent({ occurredAt: BUILDER_NOW });
        expect((await store().orders.create(order, [created])).ok).toBe(true);
        const cancelled = buildShopEvent({
          type: 'order.cancelled',
          occurredAt: minutesAfter(BUILDER_NOW, 1),
        });
        expect(
          (
            await store().orders.changeStatus(order.id, {
              from: ['pending'],
              to: 'cancelled',
              events: [cancelled],
              at: minutesAfter(BUILDER_NOW, 1),
            })
          ).ok,
        ).toBe(true);
        expect(await store().outbox.pending(100)).toEqual([
          { source: 'order', sourceId: order.id, event: created },
          { source: 'order', sourceId: order.id, event: cancelled },
        ]);
        expect(await store().outbox.pending(1)).toHaveLength(1);
        await store().outbox.clear([{ source: 'order', sourceId: order.id, event: created }]);
        expect(await pendingIds()).toEqual([cancelled.id]);
        await store().outbox.clear([{ source: 'order', sourceId: order.id, event: created }]);
        expect(await pendingIds()).toEqual([cancelled.id]);
      });

      it('names the record of each entry: transaction, withdrawal, user and product', async () => {
        const line = buildTransaction({ type: 'fee', status: 'confirmed' });
        const ofLine = buildShopEvent({ type: 'fee.recorded', occurredAt: minutesAfter(BUILDER_NOW, 1) });
        expect(await store().transactions.insert(line, [ofLine])).toBe('inserted');
        const withdrawal = buildWithdrawal();
        const ofWithdrawal = buildShopEvent({
          type: 'withdrawal.sent',
          occurredAt: minutesAfter(BUILDER_NOW, 2),
        });
        expect(
          (await store().withdrawals.claim(withdrawal, minutesAfter(BUILDER_NOW, -60), [ofWithdrawal]))
            .claimed,
        ).toBe(true);
        const user = buildUser({ isActive: true });
        expect((await store().users.insert(user)).ok).toBe(true);
        const ofUser = buildShopEvent({ type: 'customer.blocked', occurredAt: minutesAfter(BUILDER_NOW, 3) });
        await store().users.setActive(user.id, false, BUILDER_NOW, [ofUser]);
        const product = buildProduct();
        const ofProduct = buildShopEvent({
          type: 'product.created',
          occurredAt: minutesAfter(BUILDER_NOW, 4),
        });
        await store().products.insert(product, [ofProduct]);
        expect(
          (await store().outbox.pending(100)).map((entry) => [entry.source, entry.sourceId, entry.event.id]),
        ).toEqual([
          ['transaction', line.id, ofLine.id],
          ['withdrawal', withdrawal.id, ofWithdrawal.id],
          ['user', user.id, ofUser.id],
          ['product', product.id, ofProduct.id],
        ]);
      });

      it("clears a relay's batch across kinds of record at once, and only the entries it names", async () => {
        const product = buildProduct();
        const [created, updated] = [
          buildShopEvent({ type: 'product.created' }),
          buildShopEvent({ type: 'product.updated', occurredAt: minutesAfter(BUILDER_NOW, 1) }),
        ];
        await store().products.insert(product, [created, updated]);
        const user = buildUser({ isActive: true });
        expect((await store().users.insert(user)).ok).toBe(true);
        const blocked = buildShopEvent({
          type: 'customer.blocked',
          occurredAt: minutesAfter(BUILDER_NOW, 2),
        });
        await store().users.setActive(user.id, false, BUILDER_NOW, [blocked]);
        const batch = (await store().outbox.pending(100)).filter((entry) => entry.event.id !== updated.id);
        expect(batch.map((entry) => entry.event.id)).toEqual([created.id, blocked.id]);
        await store().outbox.clear(batch);
        // A second clear of the same batch (a relay repeating itself) removes nothing more.
        await store().outbox.clear(batch);
        await store().outbox.clear([]);
        expect(
          (await store().outbox.pending(100)).map((entry) => [entry.source, entry.sourceId, entry.event.id]),
        ).toEqual([['product', product.id, updated.id]]);
      });
    });
  }
};
