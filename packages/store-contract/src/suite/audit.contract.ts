import {
  type AuditFilter,
  type EventLogStore,
  type LoggedEvent,
  NO_SUBJECTS,
  type ShopEvent,
} from '@trx-shop/domain';
import { handedOn } from './handed-on.js';
import { describe, expect, it } from 'vitest';
import { buildEventActor, buildShopEvent } from '../builders/event.builder.js';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildOrder } from '../builders/order.builder.js';
import { buildProduct } from '../builders/product.builder.js';
import { buildTransaction } from '../builders/transaction.builder.js';
import { buildUser } from '../builders/user.builder.js';
import { buildWithdrawal } from '../builders/withdrawal.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

/** Odd milliseconds on purpose: the range bounds must hold to the millisecond. */
const at = (minutes: number) => new Date(minutesAfter(BUILDER_NOW, minutes).getTime() + 123);

/** Logs the events at increasing sequences, in the order given, each logged when it occurred. */
const logAll = async (log: EventLogStore, events: readonly ShopEvent[]): Promise<LoggedEvent[]> => {
  const logged: LoggedEvent[] = [];
  for (const event of events)
    logged.push(await log.insert(event, await log.takeSequence(), event.occurredAt));
  return logged;
};

const idsOf = (events: readonly { id: string }[]) => events.map((event) => event.id);

/**
 * The audit trail (docs/api.md, "Audit trail"): who did what is part of an event, kept exactly
 * wherever the event goes, and listed newest first; events of an order are also read as its history.
 */
export const describeAuditContract = (harness: ContractHarness): void => {
  describe('event actors and webhook subjects', () => {
    const store = useFreshStore(harness);

    it('keeps an admin actor, a command actor and none exactly through the log', async () => {
      const log = store().eventLog;
      const events = [
        buildShopEvent({
          type: 'webhook.secret_rotated',
          subjects: { ...NO_SUBJECTS, webhookId: newObjectId() },
          payload: { url: 'https://example.com/hook' },
          actor: buildEventActor(),
        }),
        buildShopEvent({
          type: 'keys.rotated',
          subjects: NO_SUBJECTS,
          payload: {},
          actor: { kind: 'cli', id: null, sessionId: null, label: 'keys:rotate', address: 'ops@shop-1' },
        }),
        buildShopEvent({ actor: null }),
      ];
      const sequences: number[] = [];
      for (const event of events) {
        const sequence = await log.takeSequence();
        sequences.push(sequence);
        expect(await log.insert(event, sequence, BUILDER_NOW)).toEqual({
          ...event,
          sequence,
          loggedAt: BUILDER_NOW,
        });
      }
      const logged = events.map((event, index) => ({
        ...event,
        sequence: sequences[index],
        loggedAt: BUILDER_NOW,
      }));
      expect(await log.readAfter(0, 10)).toEqual(logged);
      for (const [index, event] of events.entries())
        expect(await log.findById(event.id)).toEqual(logged[index]);
    });

    it('keeps the actor and the webhook subject exactly through the write of every kind of record', async () => {
      const actor = buildEventActor({ label: 'ops@example.com' });
      const carrying = (minutes: number): ShopEvent =>
        buildShopEvent({
          type: 'order.status_overridden',
          occurredAt: at(minutes),
          subjects: { ...NO_SUBJECTS, orderId: newObjectId(), webhookId: newObjectId() },
          actor,
        });
      const events = [0, 1, 2, 3, 4].map(carrying);
      const [ofOrder, ofTransaction, ofWithdrawal, ofUser, ofProduct] = events as [
        ShopEvent,
        ShopEvent,
        ShopEvent,
        ShopEvent,
        ShopEvent,
      ];
      const order = buildOrder();
      expect((await store().orders.create(order, [ofOrder])).ok).toBe(true);
      const line = buildTransaction();
      expect(await store().transactions.insert(line, [ofTransaction])).toBe('inserted');
      const withdrawal = buildWithdrawal();
      expect((await store().withdrawals.claim(withdrawal, at(-60), [ofWithdrawal])).claimed).toBe(true);
      const user = buildUser({ isActive: true });
      expect((await store().users.insert(user)).ok).toBe(true);
      expect(await store().users.setActive(user.id, false, at(3), [ofUser])).not.toBeNull();
      const product = buildProduct();
      await store().products.insert(product, [ofProduct]);
      expect(await handedOn(store())).toEqual(events);
    });
  });

  describe('the audit list', () => {
    const store = useFreshStore(harness);
    const [admin, other] = [buildEventActor(), buildEventActor({ label: 'other@example.com' })];
    const command = buildEventActor({
      kind: 'cli',
      id: null,
      sessionId: null,
      label: 'keys:rotate',
      address: 'ops@shop-1',
    });
    const [orderId, userId, transactionId, productId, webhookId] = [
      newObjectId(),
      newObjectId(),
      newObjectId(),
      newObjectId(),
      newObjectId(),
    ];
    // Two events at one instant: the higher id is listed first, whatever order they were logged in.
    const [lowId, highId] = [newObjectId(), newObjectId()].sort() as [string, string];
    const trail = {
      webhookCreated: buildShopEvent({
        type: 'webhook.created',
        occurredAt: at(1),
        subjects: { ...NO_SUBJECTS, webhookId },
        actor: admin,
      }),
      overridden: buildShopEvent({
        id: lowId,
        type: 'order.status_overridden',
        occurredAt: at(2),
        subjects: { ...NO_SUBJECTS, orderId, userId },
        actor: admin,
      }),
      productUpdated: buildShopEvent({
        id: highId,
        type: 'product.updated',
        occurredAt: at(2),
        subjects: { ...NO_SUBJECTS, productId },
        actor: other,
      }),
      keysRotated: buildShopEvent({
        type: 'keys.rotated',
        occurredAt: at(3),
        subjects: NO_SUBJECTS,
        actor: command,
      }),
      blocked: buildShopEvent({
        type: 'customer.blocked',
        occurredAt: at(4),
        subjects: { ...NO_SUBJECTS, userId },
        actor: other,
      }),
      refundSent: buildShopEvent({
        type: 'refund.sent',
        occurredAt: at(5),
        subjects: { ...NO_SUBJECTS, orderId, userId, transactionId },
        actor: admin,
      }),
    };
    // The same subjects without an actor: never in the audit list, whatever the filter.
    const plain = [
      buildShopEvent({ occurredAt: at(6), subjects: { ...NO_SUBJECTS, orderId, userId } }),
      buildShopEvent({ type: 'product.updated', occurredAt: at(0), subjects: { ...NO_SUBJECTS, productId } }),
      buildShopEvent({
        type: 'payment.confirmed',
        occurredAt: at(2),
        subjects: { ...NO_SUBJECTS, transactionId, webhookId },
      }),
    ];
    const { webhookCreated, overridden, productUpdated, keysRotated, blocked, refundSent } = trail;
    const newestFirst = [refundSent, blocked, keysRotated, productUpdated, overridden, webhookCreated];

    /** Logged in neither time nor id order, with plain events between them. */
    const logTrail = () =>
      logAll(store().eventLog, [
        blocked,
        plain[0],
        overridden,
        webhookCreated,
        plain[1],
        refundSent,
        productUpdated,
        plain[2],
        keysRotated,
      ] as ShopEvent[]);
    const audit = async (filter: AuditFilter, limit = 10, page = 1) =>
      store().eventLog.listAudit(filter, { limit, page });
    const auditIds = async (filter: AuditFilter) => idsOf((await audit(filter)).items);

    it('lists only events with an actor, newest first then by id, exactly as logged', async () => {
      const logged = await logTrail();
      const listed = await audit({});
      expect(listed).toEqual({
        items: newestFirst.map((event) => logged.find((entry) => entry.id === event.id)),
        total: 6,
        page: 1,
        limit: 10,
        pages: 1,
      });
    });

    it('pages the audit list with its total, the id tie kept across page boundaries', async () => {
      await logTrail();
      expect(await audit({}, 4, 1)).toMatchObject({ total: 6, page: 1, limit: 4, pages: 2 });
      const second = await audit({}, 4, 2);
      expect(second).toMatchObject({ total: 6, page: 2, limit: 4, pages: 2 });
      expect(idsOf(second.items)).toEqual(idsOf(newestFirst.slice(4)));
      expect(await audit({}, 4, 3)).toEqual({ items: [], total: 6, page: 3, limit: 4, pages: 2 });
      const onePerPage: string[] = [];
      for (let page = 1; page <= 6; page += 1) onePerPage.push(...idsOf((await audit({}, 1, page)).items));
      expect(onePerPage).toEqual(idsOf(newestFirst));
    });

    it("filters by the actor's id and by the action", async () => {
      await logTrail();
      expect(await auditIds({ actorId: admin.id ?? '' })).toEqual(
        idsOf([refundSent, overridden, webhookCreated]),
      );
      expect(await auditIds({ actorId: other.id ?? '' })).toEqual(idsOf([blocked, productUpdated]));
      expect(await audit({ actorId: newObjectId() })).toEqual({
        items: [],
        total: 0,
        page: 1,
        limit: 10,
        pages: 0,
      });
      expect(await auditIds({ action: 'keys.rotated' })).toEqual([keysRotated.id]);
      expect(await auditIds({ action: 'product.updated' })).toEqual([productUpdated.id]);
      // Only plain events have this type.
      expect(await auditIds({ action: 'order.created' })).toEqual([]);
    });

    it('filters by a target: any subject of the event, of every kind', async () => {
      await logTrail();
      expect(await auditIds({ targetId: orderId })).toEqual(idsOf([refundSent, overridden]));
      expect(await auditIds({ targetId: userId })).toEqual(idsOf([refundSent, blocked, overridden]));
      expect(await auditIds({ targetId: transactionId })).toEqual([refundSent.id]);
      expect(await auditIds({ targetId: productId })).toEqual([productUpdated.id]);
      expect(await auditIds({ targetId: webhookId })).toEqual([webhookCreated.id]);
      expect((await audit({ targetId: userId })).total).toBe(3);
      expect(await auditIds({ targetId: newObjectId() })).toEqual([]);
      // An actor is not a target: the admin's id is no subject of these events.
      expect(await auditIds({ targetId: admin.id ?? '' })).toEqual([]);
    });

    it('filters by when it occurred, from inclusive and to exclusive', async () => {
      await logTrail();
      expect(await auditIds({ from: at(2) })).toEqual(idsOf(newestFirst.slice(0, 5)));
      expect(await auditIds({ from: new Date(at(2).getTime() + 1) })).toEqual(idsOf(newestFirst.slice(0, 3)));
      expect(await auditIds({ to: at(4) })).toEqual(idsOf(newestFirst.slice(2)));
      expect(await auditIds({ to: new Date(at(4).getTime() + 1) })).toEqual(idsOf(newestFirst.slice(1)));
      expect(await auditIds({ from: at(2), to: at(4) })).toEqual(
        idsOf([keysRotated, productUpdated, overridden]),
      );
      expect(await audit({ from: at(3), to: at(3) })).toMatchObject({ items: [], total: 0 });
      expect((await audit({ from: at(2), to: at(4) }, 2, 2)).total).toBe(3);
    });

    it('combines the filters, each narrowing the others', async () => {
      await logTrail();
      const adminId = admin.id ?? '';
      expect(await auditIds({ actorId: adminId, targetId: orderId })).toEqual(
        idsOf([refundSent, overridden]),
      );
      expect(await auditIds({ actorId: adminId, action: 'webhook.created' })).toEqual([webhookCreated.id]);
      expect(await auditIds({ actorId: other.id ?? '', action: 'webhook.created' })).toEqual([]);
      expect(await auditIds({ actorId: other.id ?? '', targetId: userId })).toEqual([blocked.id]);
      expect(await auditIds({ actorId: other.id ?? '', targetId: userId, to: at(4) })).toEqual([]);
      expect(await auditIds({ action: 'order.status_overridden', targetId: userId, from: at(2) })).toEqual([
        overridden.id,
      ]);
      const all = {
        actorId: adminId,
        action: 'refund.sent',
        targetId: transactionId,
        from: at(5),
        to: at(6),
      };
      expect(await audit(all)).toMatchObject({ total: 1, pages: 1 });
      expect(await auditIds(all)).toEqual([refundSent.id]);
      expect(await auditIds({ ...all, from: new Date(at(5).getTime() + 1) })).toEqual([]);
      expect(await auditIds({ ...all, targetId: webhookId })).toEqual([]);
    });
  });

  describe('order history and compaction', () => {
    const store = useFreshStore(harness);

    it("reads every event of an order in sequence order, and only that order's", async () => {
      const log = store().eventLog;
      const [orderId, otherOrderId] = [newObjectId(), newObjectId()];
      const ofOrder = (minutes: number, actor = false) =>
        buildShopEvent({
          occurredAt: at(minutes),
          subjects: { ...NO_SUBJECTS, orderId, userId: newObjectId() },
          actor: actor ? buildEventActor() : null,
        });
      const events = [
        ofOrder(0),
        buildShopEvent({ subjects: { ...NO_SUBJECTS, orderId: otherOrderId } }),
        ofOrder(-5, true),
        buildShopEvent({ subjects: NO_SUBJECTS, actor: buildEventActor() }),
        ofOrder(3),
      ];
      const sequences: number[] = [];
      while (sequences.length < events.length) sequences.push(await log.takeSequence());
      // Inserted out of sequence order, one occurring before the others: the history is by sequence.
      for (const index of [4, 2, 0, 3, 1]) {
        await log.insert(events[index] as ShopEvent, sequences[index] as number, BUILDER_NOW);
      }
      expect(await log.orderHistory(orderId)).toEqual(
        [0, 2, 4].map((index) => ({ ...events[index], sequence: sequences[index], loggedAt: BUILDER_NOW })),
      );
      expect(idsOf(await log.orderHistory(otherOrderId))).toEqual([events[1]?.id]);
      expect(await log.orderHistory(newObjectId())).toEqual([]);
    });

    it('keeps events with an actor through compaction, and still removes plain events of no order', async () => {
      const log = store().eventLog;
      const old = (minutes: number, withActor: boolean, orderId: string | null = null) =>
        buildShopEvent({
          occurredAt: at(minutes),
          subjects: { ...NO_SUBJECTS, orderId },
          actor: withActor ? buildEventActor() : null,
        });
      const events = [
        old(0, true),
        old(1, false),
        old(2, true, newObjectId()),
        old(3, true),
        old(4, false),
        old(5, false, newObjectId()),
        old(30, false),
      ];
      await logAll(log, events);
      const cut = at(10);
      // The actor events before each plain one take no share of the batch.
      expect(await log.compact(cut, 1)).toBe(1);
      expect(await log.compact(cut, 1)).toBe(1);
      expect(await log.compact(cut, 10)).toBe(0);
      expect(idsOf(await log.readAfter(0, 10))).toEqual(
        idsOf([0, 2, 3, 5, 6].map((index) => events[index] as ShopEvent)),
      );
      expect(idsOf((await log.listAudit({}, { limit: 10, page: 1 })).items)).toEqual(
        idsOf([events[3], events[2], events[0]] as ShopEvent[]),
      );
    });
  });
};
