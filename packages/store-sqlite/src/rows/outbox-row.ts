import type { EventActor, OutboxSource, ShopEvent } from '@trx-shop/domain';

/**
 * One row of `event_outbox`, written by versions before events were logged at the
 * write (repositories/event-writer.ts). The event is JSON text because the relay only ever
 * reads it whole; `occurred_at` is copied out as a column for the oldest-first order.
 */
export interface OutboxRow {
  event_id: string;
  source: OutboxSource;
  source_id: string;
  occurred_at: number;
  body: string;
}

/**
 * JSON keeps `occurredAt` as ISO text; the payload is JSON-safe by the event's own contract.
 * Bodies written before events had actors and webhook subjects lack both, and actors their address.
 */
type EventJson = Omit<ShopEvent, 'occurredAt' | 'actor' | 'subjects'> & {
  readonly occurredAt: string;
  readonly actor?: (Omit<EventActor, 'address'> & { readonly address?: string | null }) | null;
  readonly subjects: Omit<ShopEvent['subjects'], 'webhookId'> & { readonly webhookId?: string | null };
};

export const eventFromOutboxBody = (body: string): ShopEvent => {
  const stored = JSON.parse(body) as EventJson;
  return {
    ...stored,
    occurredAt: new Date(stored.occurredAt),
    subjects: { ...stored.subjects, webhookId: stored.subjects.webhookId ?? null },
    actor: stored.actor ? { ...stored.actor, address: stored.actor.address ?? null } : null,
  };
};
