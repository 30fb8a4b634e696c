import { rotateWebhookSecret, updateWebhook, type WebhookDeps, type WebhookStore } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { successOf } from '../support/results.js';
import { createWebhookWorld, noAnswer, POLICY, signature, status } from '../support/webhook-world.js';

/*
 * Dispatch (docs/api.md, "Webhooks"): a due delivery is claimed by one instance, signed per
 * Standard Webhooks with every live secret, retried on the schedule, then failed; an endpoint
 * that fails for too long is disabled. The clock starts at 1780315200 s (support/webhook-world.ts).
 */

describe('dispatchWebhooks: one attempt', () => {
  it('sends a due delivery once, stamped and signed, and marks it succeeded on a 2xx', async () => {
    const w = createWebhookWorld();
    const { endpoint, secret } = await w.endpoint();
    await w.start();
    const { event, delivery } = await w.queue(endpoint.id);
    w.advance(1_999);

    expect(await w.dispatch()).toBe(1);
    expect(w.sent).toEqual([
      {
        url: endpoint.url,
        headers: {
          'content-type': 'application/json',
          'webhook-id': event.id,
          'webhook-timestamp': '1780315201',
          'webhook-signature': signature(secret, event.id, 1780315201),
        },
        body: delivery.body,
      },
    ]);
    expect(await w.delivery(delivery.id)).toMatchObject({
      status: 'succeeded',
      nextAttemptAt: null,
      claim: null,
      roundAttempts: 1,
      attempts: [
        {
          attempt: 1,
          at: new Date('2026-06-01T12:00:01.999Z'),
          statusCode: 200,
          latencyMs: 12,
          response: 'ok',
          error: null,
        },
      ],
    });

    // The marker: a later event is sent by the next run, and the succeeded one is not sent again.
    w.advance(3_600_000);
    const later = await w.queue(endpoint.id);
    expect(await w.dispatch()).toBe(1);
    expect(w.sent.map((request) => request.headers['webhook-id'])).toEqual([event.id, later.event.id]);
  });

  it.each([
    [200, 'succeeded'],
    [204, 'succeeded'],
    [299, 'succeeded'],
    [199, 'pending'],
    [300, 'pending'],
    [404, 'pending'],
    [500, 'pending'],
  ] as const)('answers HTTP %i with a %s delivery', async (code, expected) => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint();
    await w.start();
    const { delivery } = await w.queue(endpoint.id);
    w.answer(endpoint.url, status(code));

    expect(await w.dispatch()).toBe(1);
    const after = await w.delivery(delivery.id);
    expect([after.status, after.attempts.map((a) => a.statusCode)]).toEqual([expected, [code]]);
  });

  it('signs with every live secret, current first, and no longer with one past its expiry', async () => {
    const w = createWebhookWorld();
    const { endpoint, secret: first } = await w.endpoint();
    w.advance(3_600_000);
    const { secret: second } = successOf(await rotateWebhookSecret(w.deps, endpoint.id));
    await w.start();
    const during = await w.queue(endpoint.id);
    await w.dispatch();
    // 13:00:00: the first secret signs for 24 hours more.
    expect(w.sent[0]?.headers['webhook-signature']).toBe(
      `${signature(second, during.event.id, 1780318800)} ${signature(first, during.event.id, 1780318800)}`,
    );

    w.advance(86_400_000 + 1);
    const after = await w.queue(endpoint.id);
    await w.dispatch();
    expect(w.sent[1]?.headers['webhook-signature']).toBe(signature(second, after.event.id, 1780405200));
  });
});

describe('dispatchWebhooks: retries', () => {
  it('retries a failure on the schedule, then fails the delivery for good after 4 attempts', async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint();
    await w.start();
    const { event, delivery } = await w.queue(endpoint.id);
    w.answer(endpoint.url, status(500), noAnswer('connect ECONNREFUSED'), status(503), status(500));

    expect(await w.dispatch()).toBe(1);
    expect(await w.delivery(delivery.id)).toMatchObject({
      status: 'pending',
      nextAttemptAt: new Date('2026-06-01T12:00:05.000Z'),
    });
    // Not due a millisecond early; due on time (the marker that the early run would have sent it).
    w.advance(4_999);
    expect(await w.dispatch()).toBe(0);
    expect(w.sent).toHaveLength(1);
    w.advance(1);
    expect(await w.dispatch()).toBe(1);
    // No answer at all is a failure like any non-2xx.
    expect(await w.delivery(delivery.id)).toMatchObject({
      status: 'pending',
      nextAttemptAt: new Date('2026-06-01T12:01:05.000Z'),
    });
    w.advance(60_000);
    expect(await w.dispatch()).toBe(1);
    expect((await w.delivery(delivery.id)).nextAttemptAt).toEqual(new Date('2026-06-01T12:11:05.000Z'));
    w.advance(600_000);
    expect(await w.dispatch()).toBe(1);

    const failed = await w.delivery(delivery.id);
    expect([failed.status, failed.nextAttemptAt, failed.roundAttempts]).toEqual(['failed', null, 4]);
    expect(failed.attempts.map((a) => [a.attempt, a.at.toISOString(), a.statusCode, a.error])).toEqual([
      [1, '2026-06-01T12:00:00.000Z', 500, null],
      [2, '2026-06-01T12:00:05.000Z', null, 'connect ECONNREFUSED'],
      [3, '2026-06-01T12:01:05.000Z', 503, null],
      [4, '2026-06-01T12:11:05.000Z', 500, null],
    ]);
    // The same id and bytes on every attempt.
    expect(new Set(w.sent.map((request) => `${request.headers['webhook-id']} ${request.body}`))).toEqual(
      new Set([`${event.id} ${delivery.body}`]),
    );

    // The marker: hours later a new event is sent, the failed delivery is not.
    w.advance(36_000_000);
    const later = await w.queue(endpoint.id);
    expect(await w.dispatch()).toBe(1);
    expect(w.sent.map((request) => request.headers['webhook-id'])).toEqual([
      ...Array(4).fill(event.id),
      later.event.id,
    ]);
  });
});

describe('dispatchWebhooks: endpoints gone or off', () => {
  it("records a disabled endpoint's due delivery as failed and sends nothing to it", async () => {
    const w = createWebhookWorld();
    const off = (await w.endpoint()).endpoint;
    const on = (await w.endpoint()).endpoint;
    await w.start();
    const event = w.event();
    await w.log(event);
    await w.fanOut();
    successOf(await updateWebhook(w.deps, off.id, { enabled: false }));

    expect(await w.dispatch()).toBe(2);
    // The marker: the enabled endpoint's delivery of the same event went out in the same run.
    expect(w.sent.map((request) => request.url)).toEqual([on.url]);
    const [delivery] = await w.deliveriesOf(off.id);
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null, claim: null });
    expect(delivery?.attempts).toEqual([
      {
        attempt: 1,
        at: w.now(),
        statusCode: null,
        latencyMs: 0,
        response: '',
        error: expect.stringMatching(/disabled/),
      },
    ]);
  });

  it('records a delivery whose endpoint no longer exists (a delete that died halfway) as failed, sending nothing', async () => {
    const w = createWebhookWorld();
    const on = (await w.endpoint()).endpoint;
    await w.start();
    const kept = await w.queue(on.id);
    const orphan = { ...kept.delivery, id: w.deps.ids.newId(), endpointId: 'f'.repeat(24) };
    expect(await w.store.webhooks.enqueue([orphan])).toBe(1);

    expect(await w.dispatch()).toBe(2);
    expect(w.sent.map((request) => request.url)).toEqual([on.url]);
    const recorded = await w.delivery(orphan.id);
    expect([recorded.status, recorded.nextAttemptAt, recorded.attempts[0]?.statusCode]).toEqual([
      'failed',
      null,
      null,
    ]);
    expect(recorded.attempts[0]?.error).toMatch(/deleted/);
  });

  it('sends nothing for a delivery claimed just before its endpoint was deleted', async () => {
    const w = createWebhookWorld();
    const doomed = (await w.endpoint()).endpoint;
    const on = (await w.endpoint()).endpoint;
    await w.start();
    await w.log(w.event());
    await w.fanOut();
    const [doomedDelivery] = await w.deliveriesOf(doomed.id);
    // An admin's delete lands between this instance's claim and its read of the endpoints.
    const webhooks: WebhookStore = {
      ...w.store.webhooks,
      claimDue: async (...args) => {
        const claimed = await w.store.webhooks.claimDue(...args);
        await w.store.webhooks.deleteEndpoint(doomed.id);
        return claimed;
      },
    };
    const racing: WebhookDeps = { ...w.deps, store: { ...w.store, webhooks } };

    expect(await w.dispatch('instance-a', POLICY, racing)).toBe(2);
    expect(w.sent.map((request) => request.url)).toEqual([on.url]);
    expect(await w.store.webhooks.findDelivery(doomedDelivery?.id ?? '')).toBeNull();
    expect(w.errors).toEqual([]);
  });
});
