import { type EventActor, NO_SUBJECTS, type ShopEvent } from '@trx-shop/domain';
import { BUILDER_NOW } from './fixed-time.js';
import { newObjectId } from './object-id.js';

export const buildShopEvent = (overrides: Partial<ShopEvent> = {}): ShopEvent => ({
  id: newObjectId(),
  type: 'order.created',
  occurredAt: BUILDER_NOW,
  subjects: { ...NO_SUBJECTS, orderId: newObjectId(), userId: newObjectId(), webhookId: null },
  payload: { orderNumber: '#TRX-1', total: '5.99', lines: [{ productId: newObjectId(), quantity: 2 }] },
  actor: null,
  ...overrides,
});

/** A signed-in admin acting from a session (the audit trail's usual actor). */
export const buildEventActor = (overrides: Partial<EventActor> = {}): EventActor => ({
  kind: 'admin',
  id: newObjectId(),
  sessionId: newObjectId(),
  label: 'admin@example.com',
  address: '203.0.113.7',
  ...overrides,
});
