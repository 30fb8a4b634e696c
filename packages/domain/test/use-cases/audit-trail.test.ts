import {
  auditChangesOf,
  type EventActor,
  listAuditTrail,
  NO_SUBJECTS,
  orderHistory,
  overrideOrderStatus,
  relayOutbox,
  setCustomerActive,
} from '@trx-shop/domain';
import { buildShopEvent, newObjectId } from '@trx-shop/store-contract';
import { describe, expect, it } from 'vitest';
import { shop } from '../support/shop-world.js';

/*
 * The audit trail (docs/api.md, "Audit trail"): an admin action's event names the admin and the
 * session, and reads as a before and an after.
 */

const ADMIN: EventActor = {
  kind: 'admin',
  id: newObjectId(),
  sessionId: newObjectId(),
  label: 'owner@shop.example',
  address: '203.0.113.7',
};

describe('the audit trail', () => {
  it('names the admin on the events of their actions, and on none of the service’s own', async () => {
    const { world, buyer, order } = await shop();
    const placed = await order(1);
    const overridden = await overrideOrderStatus(
      { ...world.deps, orders: world.store.orders, actor: ADMIN },
      placed.id,
      { status: 'cancelled' },
    );
    expect(overridden.ok).toBe(false);
    expect(
      (
        await overrideOrderStatus({ ...world.deps, orders: world.store.orders, actor: ADMIN }, placed.id, {
          status: 'completed',
        })
      ).ok,
    ).toBe(true);
    expect(
      (
        await setCustomerActive(
          {
            users: world.store.users,
            sessions: world.store.sessions,
            clock: world.deps.clock,
            ids: world.deps.ids,
            actor: ADMIN,
          },
          newObjectId(),
          buyer.id,
          false,
        )
      ).ok,
    ).toBe(true);
    await relayOutbox(world.deps);

    const trail = await listAuditTrail({ eventLog: world.store.eventLog }, {}, { limit: 10, page: 1 });
    if (!trail.ok) throw new Error(trail.error.code);
    expect(trail.value.items.map((event) => [event.type, event.actor])).toEqual([
      ['customer.blocked', ADMIN],
      ['order.status_overridden', ADMIN],
    ]);
    const history = await orderHistory(
      { eventLog: world.store.eventLog, orders: world.store.orders },
      placed.id,
    );
    if (!history.ok) throw new Error(history.error.code);
    expect(history.value.map((event) => [event.type, event.actor?.id ?? null])).toEqual([
      ['order.created', null],
      ['order.status_overridden', ADMIN.id],
    ]);
  });

  it('refuses an unknown action filter, and an unknown order’s history', async () => {
    const { world } = await shop();
    const trail = await listAuditTrail(
      { eventLog: world.store.eventLog },
      { action: 'order.shipped' },
      { limit: 10, page: 1 },
    );
    expect(trail.ok ? null : trail.error.code).toBe('VALIDATION_ERROR');
    const history = await orderHistory(
      { eventLog: world.store.eventLog, orders: world.store.orders },
      newObjectId(),
    );
    expect(history.ok ? null : history.error.code).toBe('ORDER_NOT_FOUND');
  });

  it.each([
    [
      'order.status_overridden',
      { orderId: 'o1', userId: 'u1' },
      { from: 'pending', to: 'completed', transactionHash: null },
      { type: 'order', id: 'o1' },
      { status: 'pending' },
      { status: 'completed', transactionHash: null },
    ],
    [
      'customer.blocked',
      { userId: 'u1' },
      { by: 'a1' },
      { type: 'customer', id: 'u1' },
      { isActive: true },
      { isActive: false },
    ],
    [
      'customer.unblocked',
      { userId: 'u1' },
      { by: 'a1' },
      { type: 'customer', id: 'u1' },
      { isActive: false },
      { isActive: true },
    ],
    [
      'product.updated',
      { productId: 'p1' },
      { price: '4.5', before: { price: '3' } },
      { type: 'product', id: 'p1' },
      { price: '3' },
      { price: '4.5' },
    ],
    [
      'product.created',
      { productId: 'p1' },
      { name: 'Mug' },
      { type: 'product', id: 'p1' },
      null,
      { name: 'Mug' },
    ],
    [
      'webhook.deleted',
      { webhookId: 'w1' },
      { url: 'https://x.example' },
      { type: 'webhook', id: 'w1' },
      { url: 'https://x.example' },
      null,
    ],
    ['keys.rotated', {}, { keyId: 'k2' }, { type: 'service', id: null }, null, { keyId: 'k2' }],
    [
      'api_key.created',
      {},
      { apiKeyId: 'k1', name: 'ERP', scopes: ['orders:read'] },
      { type: 'api-key', id: 'k1' },
      null,
      { apiKeyId: 'k1', name: 'ERP', scopes: ['orders:read'] },
    ],
    [
      'api_key.revoked',
      {},
      { apiKeyId: 'k1', name: 'ERP', revokedAt: '2026-06-01T12:00:00.000Z' },
      { type: 'api-key', id: 'k1' },
      { revokedAt: null },
      { name: 'ERP', revokedAt: '2026-06-01T12:00:00.000Z' },
    ],
    [
      'admin.created',
      { userId: 'u1' },
      { email: 'ops@shop.example' },
      { type: 'admin', id: 'u1' },
      null,
      { email: 'ops@shop.example' },
    ],
    ['customers.exported', {}, { format: 'csv' }, { type: 'customer', id: null }, null, { format: 'csv' }],
    [
      'reconciliation.completed',
      {},
      { ok: true, discrepancies: 0 },
      { type: 'service', id: null },
      null,
      { ok: true, discrepancies: 0 },
    ],
  ] as const)(
    'reads %s as its target, before and after',
    (type, subjects, payload, target, before, after) => {
      const event = buildShopEvent({ type, subjects: { ...NO_SUBJECTS, ...subjects }, payload });
      expect(auditChangesOf(event)).toEqual({ target, before, after });
    },
  );
});
