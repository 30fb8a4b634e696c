import { NO_SUBJECTS, updateWebhook, type WebhookDeps, type WebhookPolicy } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { successOf } from '../support/results.js';
import { CLAIM_MS, createWebhookWorld, POLICY, status } from '../support/webhook-world.js';

/*
 * What dispatch does to an endpoint (docs/api.md, "Webhooks"): a run of failures lasting
 * `disableAfterMs` disables it with a reason, a success ends the run; and dispatchers on several
 * instances share one queue, each attempt made once.
 */

/** The schedule's waits (5 s, then 1 min, ...) and a 65 s limit: the third failure, at 65 s, disables. */
const QUICK: WebhookPolicy = { retrySchedule: POLICY.retrySchedule, disableAfterMs: 65_000 };

describe('an endpoint that keeps failing', () => {
  it('is disabled with a reason once its failures have lasted disableAfterMs, and then receives nothing', async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint();
    await w.start();
    const { delivery } = await w.queue(endpoint.id);
    w.answer(endpoint.url, status(500), status(502), status(500));

    await w.dispatch('instance-a', QUICK);
    w.advance(5_000);
    await w.dispatch('instance-a', QUICK);
    // 5 s into the run: failing, not yet disabled.
    expect(await w.store.webhooks.findEndpoint(endpoint.id)).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: new Date('2026-06-01T12:00:00.000Z'),
    });
    expect(w.warnings).toEqual([]);

    w.advance(60_000);
    await w.dispatch('instance-a', QUICK);
    const disabled = await w.store.webhooks.findEndpoint(endpoint.id);
    expect(disabled).toMatchObject({ enabled: false, failingSince: new Date('2026-06-01T12:00:00.000Z') });
    // The reason names the last failure, so an admin knows what to fix.
    expect(disabled?.disabledReason).toEqual(expect.stringContaining('HTTP 500'));
    expect(w.warnings.map((line) => line.context)).toEqual([{ webhookId: endpoint.id, url: endpoint.url }]);

    // The delivery's fourth attempt comes due and is recorded failed without a request.
    w.advance(600_000);
    expect(await w.dispatch('instance-a', QUICK)).toBe(1);
    expect(w.sent).toHaveLength(3);
    const last = await w.delivery(delivery.id);
    expect([last.status, last.attempts.length, last.attempts[3]?.error]).toEqual([
      'failed',
      4,
      expect.stringMatching(/disabled/),
    ]);

    // Enabled again, it starts afresh: no reason, no failing run.
    expect(successOf(await updateWebhook(w.deps, endpoint.id, { enabled: true }))).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
  });

  it('logs webhook.disabled once when failures disable it: the endpoint, its url, the reason, no actor', async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint();
    await w.start();
    // Two deliveries failing side by side: both attempts meet the limit at 65 s.
    await w.queue(endpoint.id);
    await w.queue(endpoint.id);
    w.answer(endpoint.url, ...Array.from({ length: 6 }, () => status(500)));
    const disabledEvents = async () =>
      (await w.store.eventLog.readAfter(0, 1_000)).filter((event) => event.type === 'webhook.disabled');

    await w.dispatch('instance-a', QUICK);
    w.advance(5_000);
    await w.dispatch('instance-a', QUICK);
    expect(await disabledEvents()).toEqual([]);

    w.advance(60_000);
    await w.dispatch('instance-a', QUICK);
    const disabled = await w.store.webhooks.findEndpoint(endpoint.id);
    expect(disabled?.enabled).toBe(false);
    expect(
      (await disabledEvents()).map(({ occurredAt, subjects, payload, actor }) => ({
        occurredAt,
        subjects,
        payload,
        actor,
      })),
    ).toEqual([
      {
        occurredAt: w.now(),
        subjects: { ...NO_SUBJECTS, webhookId: endpoint.id },
        payload: { url: endpoint.url, reason: disabled?.disabledReason },
        actor: null,
      },
    ]);
    expect(w.errors).toEqual([]);
  });

  it('starts a new run after a success: the earlier failures no longer count', async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint();
    await w.start();
    w.answer(endpoint.url, status(500), status(200), status(500));
    await w.queue(endpoint.id);
    await w.dispatch('instance-a', QUICK);
    expect((await w.store.webhooks.findEndpoint(endpoint.id))?.failingSince).toEqual(
      new Date('2026-06-01T12:00:00.000Z'),
    );
    w.advance(5_000);
    await w.dispatch('instance-a', QUICK);
    expect((await w.store.webhooks.findEndpoint(endpoint.id))?.failingSince).toBeNull();

    // 70 s after the first failure: counted from it, this failure would disable the endpoint.
    w.advance(65_000);
    await w.queue(endpoint.id);
    await w.dispatch('instance-a', QUICK);
    expect(w.sent).toHaveLength(3);
    expect(await w.store.webhooks.findEndpoint(endpoint.id)).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: new Date('2026-06-01T12:01:10.000Z'),
    });
  });
});

describe('dispatchers on several instances', () => {
  it('send each due delivery once when two run at once on the same queue', async () => {
    const w = createWebhookWorld();
    const endpoints = [(await w.endpoint()).endpoint, (await w.endpoint()).endpoint];
    await w.start();
    for (let index = 0; index < 4; index += 1) await w.log(w.event());
    expect(await w.fanOut()).toBe(8);

    // Batches of 5: alone, either would take 5 of the 8.
    const counts = await Promise.all([
      w.dispatch('instance-a', POLICY, w.deps, 5),
      w.dispatch('instance-b', POLICY, w.deps, 5),
    ]);
    expect(counts[0] + counts[1]).toBe(8);
    const sent = w.sent.map((request) => `${request.url} ${request.headers['webhook-id']}`);
    expect(sent).toHaveLength(8);
    expect(new Set(sent).size).toBe(8);
    for (const endpoint of endpoints) {
      for (const delivery of await w.deliveriesOf(endpoint.id)) {
        expect([delivery.status, delivery.attempts.length]).toEqual(['succeeded', 1]);
      }
    }
    expect(await w.dispatch('instance-c')).toBe(0);
  });

  it('lets another instance take over a claim that expired mid-request; the late holder records nothing', async () => {
    const w = createWebhookWorld();
    const { endpoint } = await w.endpoint();
    await w.start();
    const { delivery } = await w.queue(endpoint.id);
    // Instance b's request (sent first) succeeds; instance a's, answered last, fails.
    w.answer(endpoint.url, status(200), status(500));
    const runsOfB: number[] = [];
    const slow: WebhookDeps = {
      ...w.deps,
      sender: {
        ...w.deps.sender,
        send: async (request) => {
          // Instance a's request outlives its claim; instance b takes the delivery meanwhile.
          w.advance(CLAIM_MS - 1);
          runsOfB.push(await w.dispatch('instance-b'));
          w.advance(1);
          runsOfB.push(await w.dispatch('instance-b'));
          return w.deps.sender.send(request);
        },
      },
    };

    expect(await w.dispatch('instance-a', POLICY, slow)).toBe(1);
    // Not while the claim holds; at once when it expires.
    expect(runsOfB).toEqual([0, 1]);
    expect(w.errors).toEqual([]);
    // At least once: both sent, the same id; only the holder's attempt counts.
    expect(w.sent.map((request) => request.headers['webhook-id'])).toEqual([
      delivery.eventId,
      delivery.eventId,
    ]);
    const after = await w.delivery(delivery.id);
    expect([after.status, after.attempts.map((a) => a.statusCode)]).toEqual(['succeeded', [200]]);
    expect((await w.store.webhooks.findEndpoint(endpoint.id))?.failingSince).toBeNull();
  });
});
