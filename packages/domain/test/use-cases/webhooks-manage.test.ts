import {
  type EventActor,
  createWebhook,
  deleteWebhook,
  findWebhook,
  listWebhookDeliveries,
  pingWebhook,
  redeliverWebhook,
  rotateWebhookSecret,
  updateWebhook,
  type WebhookFieldsInput,
  type WebhookPolicy,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { errorOf, successOf } from '../support/results.js';
import { createWebhookWorld, sealedAs, status } from '../support/webhook-world.js';

/*
 * The admin's side of webhooks (docs/api.md, "Webhooks"): endpoints checked before they are
 * stored, secrets sealed and rotated with a day's grace, a ping, the delivery log and redelivery.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const ADMIN: EventActor = {
  kind: 'admin',
  id: 'a'.repeat(24),
  sessionId: 'b'.repeat(24),
  label: 'owner@shop.example',
  address: '203.0.113.7',
};
/** A ping or a redelivery is an admin's action, logged with them. */
const byAdmin = (w: ReturnType<typeof createWebhookWorld>) => ({ ...w.deps, actor: ADMIN });
const URL_OK = 'https://hooks.example/in';

describe('createWebhook and updateWebhook', () => {
  it.each([
    ['a non-http scheme', { url: 'ftp://hooks.example/in' }, 'url'],
    ['no scheme', { url: 'hooks.example/in' }, 'url'],
    ['credentials in the URL', { url: 'https://admin:pw@hooks.example/in' }, 'url'],
    ['an unknown event type', { url: URL_OK, events: ['order.created', 'order.shipped'] }, 'events'],
    ['a repeated type', { url: URL_OK, events: ['payment.sent', 'payment.sent'] }, 'events'],
    ['a description over 500 characters', { url: URL_OK, description: 'd'.repeat(501) }, 'description'],
  ] as const)('refuses %s, naming the field, and stores nothing', async (_, input, field) => {
    const w = createWebhookWorld();
    const error = errorOf(await createWebhook(w.deps, input as WebhookFieldsInput & { url: string }));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.data).toMatchObject({ details: [{ field }] });
    expect(await w.store.webhooks.listEndpoints()).toEqual([]);
    // The marker: at the limits, the same fields are accepted.
    successOf(
      await createWebhook(w.deps, { url: URL_OK, description: 'd'.repeat(500), events: ['payment.sent'] }),
    );
    expect(await w.store.webhooks.listEndpoints()).toHaveLength(1);
  });

  it('refuses a URL the sender does not allow, on create and on update', async () => {
    const w = createWebhookWorld();
    w.refuse('http://10.0.0.5/in', 'resolves to a private address');
    const refused = errorOf(await createWebhook(w.deps, { url: 'http://10.0.0.5/in' }));
    expect([refused.code, refused.data]).toEqual([
      'WEBHOOK_URL_NOT_ALLOWED',
      { details: [{ field: 'url', message: 'resolves to a private address' }] },
    ]);
    expect(await w.store.webhooks.listEndpoints()).toEqual([]);

    const { endpoint } = await w.endpoint({ url: URL_OK });
    expect(errorOf(await updateWebhook(w.deps, endpoint.id, { url: 'http://10.0.0.5/in' })).code).toBe(
      'WEBHOOK_URL_NOT_ALLOWED',
    );
    expect(errorOf(await updateWebhook(w.deps, endpoint.id, { url: 'ftp://x.example/' })).code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await w.store.webhooks.findEndpoint(endpoint.id))?.url).toBe(URL_OK);
  });

  it('stores the endpoint with its secret sealed for it, never in clear', async () => {
    const w = createWebhookWorld();
    const { endpoint, secret } = successOf(
      await createWebhook(w.deps, { url: URL_OK, events: ['order.created'] }),
    );
    expect(secret).toBe('whsec_test1');
    const stored = await w.store.webhooks.findEndpoint(endpoint.id);
    expect(stored).toEqual({
      id: endpoint.id,
      url: URL_OK,
      description: '',
      events: ['order.created'],
      enabled: true,
      disabledReason: null,
      failingSince: null,
      secrets: [{ sealed: sealedAs('whsec_test1', endpoint.id), expiresAt: null }],
      createdAt: w.now(),
      updatedAt: w.now(),
    });
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(await w.deps.vault.open(stored?.secrets[0]?.sealed ?? '', endpoint.id)).toBe(secret);
  });

  it('changes only the fields given', async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint({ url: URL_OK, description: 'orders', events: ['order.created'] });
    w.advance(1_000);
    const updated = successOf(await updateWebhook(w.deps, endpoint.id, { events: [] }));
    expect(updated).toEqual({ ...endpoint, events: [], updatedAt: new Date('2026-06-01T12:00:01.000Z') });
  });
});

describe('rotateWebhookSecret', () => {
  it('makes a new current secret, keeps the old one for 24 hours, and drops those already expired', async () => {
    const w = createWebhookWorld();
    const { endpoint, secret: s1 } = await w.endpoint();
    w.advance(3_600_000);
    const { secret: s2 } = successOf(await rotateWebhookSecret(w.deps, endpoint.id));
    expect(s2).not.toBe(s1);
    const sealed = (secret: string) => sealedAs(secret, endpoint.id);
    // 13:00: the first secret expires at 13:00 tomorrow.
    expect((await w.store.webhooks.findEndpoint(endpoint.id))?.secrets).toEqual([
      { sealed: sealed(s2), expiresAt: null },
      { sealed: sealed(s1), expiresAt: new Date('2026-06-02T13:00:00.000Z') },
    ]);

    w.advance(20 * 3_600_000);
    const { secret: s3 } = successOf(await rotateWebhookSecret(w.deps, endpoint.id));
    // 09:00 next day: s1 keeps its own expiry, s2 gets a day from now.
    expect((await w.store.webhooks.findEndpoint(endpoint.id))?.secrets).toEqual([
      { sealed: sealed(s3), expiresAt: null },
      { sealed: sealed(s2), expiresAt: new Date('2026-06-03T09:00:00.000Z') },
      { sealed: sealed(s1), expiresAt: new Date('2026-06-02T13:00:00.000Z') },
    ]);

    w.advance(4 * 3_600_000 + 1);
    const rotated = successOf(await rotateWebhookSecret(w.deps, endpoint.id));
    expect(rotated.endpoint.secrets).toEqual([
      { sealed: sealed(rotated.secret), expiresAt: null },
      { sealed: sealed(s3), expiresAt: new Date(w.now().getTime() + DAY_MS) },
      { sealed: sealed(s2), expiresAt: new Date('2026-06-03T09:00:00.000Z') },
    ]);
  });
});

describe('rotateWebhookSecret, two at once', () => {
  it("keeps both callers' secrets: one current, the other in its day of grace, the first one too", async () => {
    const w = createWebhookWorld();
    const { endpoint, secret: first } = await w.endpoint();
    const [a, b] = (
      await Promise.all([rotateWebhookSecret(w.deps, endpoint.id), rotateWebhookSecret(w.deps, endpoint.id)])
    ).map(successOf);
    const stored = (await w.store.webhooks.findEndpoint(endpoint.id))?.secrets ?? [];
    const graceEnds = new Date(w.now().getTime() + DAY_MS);
    const current = stored[0]?.sealed;
    // Which call landed first is the scheduler's choice; each saw the other's secret or none.
    const [later, earlier] = current === sealedAs(a?.secret ?? '', endpoint.id) ? [a, b] : [b, a];
    expect(stored).toEqual([
      { sealed: sealedAs(later?.secret ?? '', endpoint.id), expiresAt: null },
      { sealed: sealedAs(earlier?.secret ?? '', endpoint.id), expiresAt: graceEnds },
      { sealed: sealedAs(first, endpoint.id), expiresAt: graceEnds },
    ]);
    expect(later?.endpoint.secrets).toEqual(stored);
  });

  it('answers WEBHOOK_NOT_FOUND when the endpoint is deleted between its read and its write', async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint();
    const webhooks = w.store.webhooks;
    // The first read answers the endpoint, then an admin's delete lands before the rotation writes.
    let deleted = false;
    const deletedAfterRead = {
      ...webhooks,
      findEndpoint: async (id: string) => {
        const found = await webhooks.findEndpoint(id);
        if (!deleted) {
          deleted = true;
          await webhooks.deleteEndpoint(id);
        }
        return found;
      },
    };
    const deps = { ...w.deps, store: { ...w.store, webhooks: deletedAfterRead } };
    expect(errorOf(await rotateWebhookSecret(deps, endpoint.id)).code).toBe('WEBHOOK_NOT_FOUND');
    expect(deleted).toBe(true);
    expect(await webhooks.findEndpoint(endpoint.id)).toBeNull();
  });
});

describe('unknown ids', () => {
  it('answers WEBHOOK_NOT_FOUND for an unknown endpoint and WEBHOOK_DELIVERY_NOT_FOUND for a delivery not its own', async () => {
    const w = createWebhookWorld();
    const unknown = 'e'.repeat(24);
    expect(errorOf(await updateWebhook(w.deps, unknown, { description: 'x' })).code).toBe(
      'WEBHOOK_NOT_FOUND',
    );
    expect(errorOf(await deleteWebhook(w.deps, unknown)).code).toBe('WEBHOOK_NOT_FOUND');
    expect(errorOf(await findWebhook(w.deps, unknown)).code).toBe('WEBHOOK_NOT_FOUND');
    expect(errorOf(await rotateWebhookSecret(w.deps, unknown)).code).toBe('WEBHOOK_NOT_FOUND');
    expect(errorOf(await pingWebhook(byAdmin(w), unknown)).code).toBe('WEBHOOK_NOT_FOUND');
    expect(errorOf(await listWebhookDeliveries(w.deps, unknown, { page: 1, limit: 10 })).code).toBe(
      'WEBHOOK_NOT_FOUND',
    );

    const a = (await w.endpoint()).endpoint;
    const b = (await w.endpoint()).endpoint;
    await w.start();
    const { delivery: ofB } = await w.queue(b.id);
    expect(errorOf(await redeliverWebhook(byAdmin(w), unknown, ofB.id)).code).toBe('WEBHOOK_NOT_FOUND');
    expect(errorOf(await redeliverWebhook(byAdmin(w), a.id, unknown)).code).toBe(
      'WEBHOOK_DELIVERY_NOT_FOUND',
    );
    expect(errorOf(await redeliverWebhook(byAdmin(w), a.id, ofB.id)).code).toBe('WEBHOOK_DELIVERY_NOT_FOUND');
    // The marker: through its own endpoint the same delivery is found.
    expect(successOf(await redeliverWebhook(byAdmin(w), b.id, ofB.id)).id).toBe(ofB.id);
  });

  it('deletes an endpoint with its deliveries, once', async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint();
    await w.start();
    const { delivery } = await w.queue(endpoint.id);
    expect(successOf(await deleteWebhook(w.deps, endpoint.id))).toBe(true);
    expect(await w.store.webhooks.findDelivery(delivery.id)).toBeNull();
    expect(errorOf(await deleteWebhook(w.deps, endpoint.id)).code).toBe('WEBHOOK_NOT_FOUND');
  });
});

describe('pingWebhook, listWebhookDeliveries and redeliverWebhook', () => {
  it('logs each ping and redelivery with the admin; a redelivery left to the attempt under way logs none', async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint();
    await w.start();
    const { delivery } = await w.queue(endpoint.id);
    const ping = successOf(await pingWebhook(byAdmin(w), endpoint.id));
    w.advance(1_000);
    successOf(await redeliverWebhook(byAdmin(w), endpoint.id, delivery.id));
    w.advance(1_000);
    const until = new Date(w.now().getTime() + 60_000);
    expect(
      (await w.store.webhooks.claimDue(w.now(), 'instance-a', until, 10)).map((due) => due.id),
    ).toContain(delivery.id);
    const underWay = successOf(await redeliverWebhook(byAdmin(w), endpoint.id, delivery.id));
    expect(underWay.claim?.holder).toBe('instance-a');

    const audited = await w.store.eventLog.listAudit({ targetId: endpoint.id }, { page: 1, limit: 10 });
    expect(audited.items.map((event) => [event.type, event.actor, event.payload])).toEqual([
      [
        'webhook.redelivered',
        ADMIN,
        { deliveryId: delivery.id, eventId: delivery.eventId, eventType: delivery.eventType },
      ],
      ['webhook.pinged', ADMIN, { deliveryId: ping.id }],
    ]);
  });

  it('delivers a ping even to an endpoint whose filter takes one other type', async () => {
    const w = createWebhookWorld();
    const { endpoint, secret } = await w.endpoint({ events: ['refund.failed'] });
    const other = (await w.endpoint()).endpoint;
    w.advance(500);
    const ping = successOf(await pingWebhook(byAdmin(w), endpoint.id));
    expect(ping).toMatchObject({
      endpointId: endpoint.id,
      eventType: 'webhook.ping',
      sequence: 0,
      status: 'pending',
    });
    expect(ping.body).toBe(
      JSON.stringify({
        type: 'webhook.ping',
        id: ping.eventId,
        sequence: 0,
        timestamp: '2026-06-01T12:00:00.500Z',
        data: { webhookId: endpoint.id },
      }),
    );

    expect(await w.dispatch()).toBe(1);
    expect(w.sent).toEqual([
      {
        url: endpoint.url,
        headers: expect.objectContaining({
          'webhook-id': ping.eventId,
          'webhook-signature': `v1,${secret}:${ping.eventId}:1780315200`,
        }),
        body: ping.body,
      },
    ]);
    expect((await w.delivery(ping.id)).status).toBe('succeeded');
    expect(await w.deliveriesOf(other.id)).toEqual([]);
  });

  it("lists an endpoint's deliveries newest first, a page at a time", async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint();
    const other = (await w.endpoint()).endpoint;
    await w.start();
    const queued = [];
    for (let index = 0; index < 3; index += 1) {
      queued.push((await w.queue(endpoint.id)).delivery.id);
      w.advance(1_000);
    }
    const page = successOf(await listWebhookDeliveries(w.deps, endpoint.id, { page: 1, limit: 2 }));
    expect([page.items.map((d) => d.id), page.total, page.pages]).toEqual([[queued[2], queued[1]], 3, 2]);
    const next = successOf(await listWebhookDeliveries(w.deps, endpoint.id, { page: 2, limit: 2 }));
    expect(next.items.map((d) => d.id)).toEqual([queued[0]]);
    expect((await w.deliveriesOf(other.id)).every((d) => d.endpointId === other.id)).toBe(true);
  });

  it('requeues a failed delivery due now, with the schedule starting over and the attempts still counted', async () => {
    const w = createWebhookWorld();
    const once: WebhookPolicy = { retrySchedule: [5_000], disableAfterMs: DAY_MS };
    const { endpoint } = await w.endpoint();
    await w.start();
    const { delivery } = await w.queue(endpoint.id);
    w.answer(endpoint.url, status(500), status(500), status(500), status(500));
    await w.dispatch('instance-a', once);
    w.advance(5_000);
    await w.dispatch('instance-a', once);
    expect((await w.delivery(delivery.id)).status).toBe('failed');

    w.advance(3_600_000);
    const requeued = successOf(await redeliverWebhook(byAdmin(w), endpoint.id, delivery.id));
    expect(requeued).toMatchObject({
      status: 'pending',
      nextAttemptAt: w.now(),
      roundAttempts: 0,
      claim: null,
    });
    expect(await w.dispatch('instance-a', once)).toBe(1);
    // A new round: one retry 5 s on, as for a fresh delivery.
    const retried = await w.delivery(delivery.id);
    expect([
      retried.status,
      retried.nextAttemptAt?.toISOString(),
      retried.attempts.map((a) => a.attempt),
    ]).toEqual(['pending', '2026-06-01T13:00:10.000Z', [1, 2, 3]]);
    w.advance(5_000);
    await w.dispatch('instance-a', once);
    expect((await w.delivery(delivery.id)).status).toBe('failed');
    expect(new Set(w.sent.map((request) => request.body))).toEqual(new Set([delivery.body]));
    expect(w.sent).toHaveLength(4);
  });
});
