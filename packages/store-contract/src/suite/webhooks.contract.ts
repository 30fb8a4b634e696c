import type { WebhookDelivery, WebhookEndpoint } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { BUILDER_NOW } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import {
  buildWebhookAttempt,
  buildWebhookDelivery,
  buildWebhookEndpoint,
} from '../builders/webhook.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const RACE_TIMEOUT_MS = 120_000;
/** Odd milliseconds on purpose: every stored date must come back to the millisecond. */
const at = (ms: number) => new Date(BUILDER_NOW.getTime() + 123 + ms);
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Webhook endpoints and the deliveries queue every instance dispatches from (docs/api.md, "Webhooks"). */
export const describeWebhookContract = (harness: ContractHarness): void => {
  describe('webhook endpoints', () => {
    const store = useFreshStore(harness);

    it('stores endpoints exactly and lists them oldest first', async () => {
      const webhooks = store().webhooks;
      const newer = buildWebhookEndpoint({ createdAt: at(60_000), updatedAt: at(61_000) });
      const older = buildWebhookEndpoint({
        url: 'http://other.example:8080/in?token=a%20b',
        description: '',
        events: [],
        enabled: false,
        disabledReason: 'failing since 2026-02-26',
        failingSince: at(-3 * 86_400_000),
        secrets: [
          { sealed: 'sealed:current', expiresAt: null },
          { sealed: 'sealed:rotated-out', expiresAt: at(86_400_000) },
        ],
        createdAt: at(0),
        updatedAt: at(1),
      });
      expect(await webhooks.insertEndpoint(newer)).toEqual(newer);
      await webhooks.insertEndpoint(older);
      expect(await webhooks.findEndpoint(newer.id)).toEqual(newer);
      expect(await webhooks.findEndpoint(older.id)).toEqual(older);
      expect(await webhooks.findEndpoint(newObjectId())).toBeNull();
      expect(await webhooks.listEndpoints()).toEqual([older, newer]);
    });

    it('answers no endpoints for an empty store', async () => {
      expect(await store().webhooks.listEndpoints()).toEqual([]);
    });

    it('patches only the given fields and stamps updatedAt; null for an unknown endpoint', async () => {
      const webhooks = store().webhooks;
      const endpoint = buildWebhookEndpoint({ failingSince: at(-1_000) });
      await webhooks.insertEndpoint(endpoint);
      const patched: WebhookEndpoint = {
        ...endpoint,
        url: 'https://moved.example/hooks',
        events: ['refund.confirmed'],
        updatedAt: at(5_000),
      };
      expect(
        await webhooks.updateEndpoint(endpoint.id, { url: patched.url, events: patched.events }, at(5_000)),
      ).toEqual(patched);
      expect(await webhooks.findEndpoint(endpoint.id)).toEqual(patched);
      expect(await webhooks.updateEndpoint(endpoint.id, { description: 'Renamed' }, at(6_000))).toEqual({
        ...patched,
        description: 'Renamed',
        updatedAt: at(6_000),
      });
      expect(await webhooks.updateEndpoint(newObjectId(), { description: 'x' }, at(7_000))).toBeNull();
    });

    it('replaces the secrets only while they are the ones read, stamping updatedAt unless told not to', async () => {
      const webhooks = store().webhooks;
      const endpoint = buildWebhookEndpoint({
        secrets: [
          { sealed: 'sealed:current', expiresAt: null },
          { sealed: 'sealed:older', expiresAt: at(3_600_000) },
        ],
      });
      await webhooks.insertEndpoint(endpoint);
      const rotated = [
        { sealed: 'sealed:new', expiresAt: null },
        { sealed: 'sealed:current', expiresAt: at(86_400_000) },
        { sealed: 'sealed:older', expiresAt: at(3_600_000) },
      ];
      const afterRotation: WebhookEndpoint = { ...endpoint, secrets: rotated, updatedAt: at(5_000) };
      expect(await webhooks.replaceSecrets(endpoint.id, endpoint.secrets, rotated, at(5_000))).toEqual(
        afterRotation,
      );
      expect(await webhooks.findEndpoint(endpoint.id)).toEqual(afterRotation);

      // What was read is gone now: the same replacement again changes nothing.
      expect(await webhooks.replaceSecrets(endpoint.id, endpoint.secrets, [], at(6_000))).toBeNull();
      // A list with one secret fewer, or in another order, is not the one stored either.
      expect(await webhooks.replaceSecrets(endpoint.id, rotated.slice(0, 2), [], at(6_000))).toBeNull();
      expect(await webhooks.replaceSecrets(endpoint.id, [...rotated].reverse(), [], at(6_000))).toBeNull();
      expect(await webhooks.findEndpoint(endpoint.id)).toEqual(afterRotation);

      // A re-seal under a new master key is no edit: updatedAt stays.
      const resealed = rotated.map((secret) => ({ ...secret, sealed: `${secret.sealed}:resealed` }));
      expect(await webhooks.replaceSecrets(endpoint.id, rotated, resealed, null)).toEqual({
        ...afterRotation,
        secrets: resealed,
      });
      expect(await webhooks.replaceSecrets(newObjectId(), [], resealed, at(7_000))).toBeNull();
    });

    it(
      'lets exactly one of several replacements of the same secrets land',
      async () => {
        const webhooks = store().webhooks;
        const endpoint = buildWebhookEndpoint();
        await webhooks.insertEndpoint(endpoint);
        const contenders = Array.from({ length: 8 }, (_, index) => [
          { sealed: `sealed:contender-${index}`, expiresAt: null },
        ]);
        const results = await Promise.all(
          contenders.map((secrets) =>
            webhooks.replaceSecrets(endpoint.id, endpoint.secrets, secrets, at(1_000)),
          ),
        );
        const winners = results.filter((result) => result !== null);
        expect(winners).toHaveLength(1);
        expect((await webhooks.findEndpoint(endpoint.id))?.secrets).toEqual(winners[0]?.secrets);
      },
      RACE_TIMEOUT_MS,
    );

    it('clears the disabled reason and the failing run when an endpoint is enabled, and keeps them when it is disabled', async () => {
      const webhooks = store().webhooks;
      const disabled = buildWebhookEndpoint({
        enabled: false,
        disabledReason: 'kept failing for 3 days',
        failingSince: at(-1_000),
      });
      await webhooks.insertEndpoint(disabled);
      // An edit that does not enable it leaves the service's verdict in place.
      expect(await webhooks.updateEndpoint(disabled.id, { enabled: false }, at(1_000))).toEqual({
        ...disabled,
        updatedAt: at(1_000),
      });
      const enabled = {
        ...disabled,
        enabled: true,
        disabledReason: null,
        failingSince: null,
        updatedAt: at(2_000),
      };
      expect(await webhooks.updateEndpoint(disabled.id, { enabled: true }, at(2_000))).toEqual(enabled);
      expect(await webhooks.findEndpoint(disabled.id)).toEqual(enabled);
      // `enabled: true` in a patch ends a failing run even of an endpoint that was enabled already.
      const failing = buildWebhookEndpoint({ failingSince: at(-5_000) });
      await webhooks.insertEndpoint(failing);
      expect(await webhooks.updateEndpoint(failing.id, { enabled: true }, at(2_500))).toEqual({
        ...failing,
        failingSince: null,
        updatedAt: at(2_500),
      });

      // An admin's disabling gives no reason.
      const healthy = buildWebhookEndpoint({ failingSince: at(-5_000) });
      await webhooks.insertEndpoint(healthy);
      expect(await webhooks.updateEndpoint(healthy.id, { enabled: false }, at(3_000))).toEqual({
        ...healthy,
        enabled: false,
        updatedAt: at(3_000),
      });
    });

    it('deletes an endpoint with its deliveries only, and answers false when there is none', async () => {
      const webhooks = store().webhooks;
      const [doomed, kept] = [buildWebhookEndpoint(), buildWebhookEndpoint()];
      await webhooks.insertEndpoint(doomed);
      await webhooks.insertEndpoint(kept);
      const doomedDeliveries = [
        buildWebhookDelivery({ endpointId: doomed.id }),
        buildWebhookDelivery({ endpointId: doomed.id }),
      ];
      const keptDelivery = buildWebhookDelivery({ endpointId: kept.id });
      await webhooks.enqueue([...doomedDeliveries, keptDelivery]);
      expect(await webhooks.deleteEndpoint(doomed.id)).toBe(true);
      expect(await webhooks.findEndpoint(doomed.id)).toBeNull();
      for (const delivery of doomedDeliveries) expect(await webhooks.findDelivery(delivery.id)).toBeNull();
      expect(await webhooks.listDeliveries(doomed.id, { limit: 10, page: 1 })).toMatchObject({ total: 0 });
      expect(await webhooks.listEndpoints()).toEqual([kept]);
      expect(await webhooks.findDelivery(keptDelivery.id)).toEqual(keptDelivery);
      expect(await webhooks.deleteEndpoint(doomed.id)).toBe(false);
      expect(await webhooks.deleteEndpoint(newObjectId())).toBe(false);
    });
  });

  describe("webhook endpoints' failing runs", () => {
    const store = useFreshStore(harness);
    const DAY = 86_400_000;
    const failure = (ms: number, reason = 'failing for a day') => ({
      ok: false as const,
      at: at(ms),
      disableAfterMs: DAY,
      reason,
    });

    it('starts a run at the first failure, disables the endpoint once when the run reaches the limit, and ends the run on a success', async () => {
      const webhooks = store().webhooks;
      const endpoint = buildWebhookEndpoint();
      await webhooks.insertEndpoint(endpoint);
      // The endpoint's updatedAt is the admin's edits' time: outcomes leave it alone.
      const failing = { ...endpoint, failingSince: at(0) };
      const still = (after: WebhookEndpoint) => ({ endpoint: after, disabledNow: false });
      expect(await webhooks.noteEndpointOutcome(endpoint.id, failure(0))).toEqual(still(failing));
      expect(await webhooks.noteEndpointOutcome(endpoint.id, failure(DAY - 1))).toEqual(still(failing));
      const disabled = { ...failing, enabled: false, disabledReason: 'failing for a day' };
      expect(await webhooks.noteEndpointOutcome(endpoint.id, failure(DAY))).toEqual({
        endpoint: disabled,
        disabledNow: true,
      });
      // Only the call that disabled it says so: a later failure finds it disabled already.
      expect(await webhooks.noteEndpointOutcome(endpoint.id, failure(2 * DAY, 'another reason'))).toEqual(
        still(disabled),
      );
      expect(await webhooks.findEndpoint(endpoint.id)).toEqual(disabled);
      // A success ends the run but does not enable the endpoint again: an admin does.
      expect(await webhooks.noteEndpointOutcome(endpoint.id, { ok: true })).toEqual(
        still({ ...disabled, failingSince: null }),
      );
      expect(await webhooks.findEndpoint(endpoint.id)).toEqual({ ...disabled, failingSince: null });
    });

    it('says the endpoint was disabled to one of several failures noted at once', async () => {
      const webhooks = store().webhooks;
      const endpoint = buildWebhookEndpoint();
      await webhooks.insertEndpoint(endpoint);
      await webhooks.noteEndpointOutcome(endpoint.id, failure(0));
      const noted = await Promise.all(
        [1, 2, 3].map(() => webhooks.noteEndpointOutcome(endpoint.id, failure(DAY))),
      );
      expect(noted.map((outcome) => outcome?.disabledNow).sort()).toEqual([false, false, true]);
      expect((await webhooks.findEndpoint(endpoint.id))?.enabled).toBe(false);
    });

    it('starts a new run after a success, and disables at once when the limit is zero', async () => {
      const webhooks = store().webhooks;
      const endpoint = buildWebhookEndpoint();
      await webhooks.insertEndpoint(endpoint);
      await webhooks.noteEndpointOutcome(endpoint.id, failure(0));
      const still = (after: WebhookEndpoint) => ({ endpoint: after, disabledNow: false });
      expect(await webhooks.noteEndpointOutcome(endpoint.id, { ok: true })).toEqual(still(endpoint));
      expect(await webhooks.noteEndpointOutcome(endpoint.id, failure(DAY))).toEqual(
        still({ ...endpoint, failingSince: at(DAY) }),
      );
      expect(await webhooks.noteEndpointOutcome(endpoint.id, { ok: true })).toEqual(still(endpoint));
      expect(
        await webhooks.noteEndpointOutcome(endpoint.id, {
          ...failure(3 * DAY, 'refused'),
          disableAfterMs: 0,
        }),
      ).toEqual({
        endpoint: { ...endpoint, enabled: false, disabledReason: 'refused', failingSince: at(3 * DAY) },
        disabledNow: true,
      });
    });

    it("leaves an admin's disabling without a reason, and answers null for an unknown endpoint", async () => {
      const webhooks = store().webhooks;
      const endpoint = buildWebhookEndpoint({ enabled: false, failingSince: at(0) });
      await webhooks.insertEndpoint(endpoint);
      expect(await webhooks.noteEndpointOutcome(endpoint.id, failure(2 * DAY))).toEqual({
        endpoint,
        disabledNow: false,
      });
      expect(await webhooks.noteEndpointOutcome(newObjectId(), failure(0))).toBeNull();
      expect(await webhooks.noteEndpointOutcome(newObjectId(), { ok: true })).toBeNull();
    });
  });

  describe('webhook deliveries', () => {
    const store = useFreshStore(harness);
    const holder = 'instance-a';

    it('enqueues each (endpoint, event) once, answering how many were new, and reads deliveries back exactly', async () => {
      const webhooks = store().webhooks;
      const endpointId = newObjectId();
      const first = buildWebhookDelivery({
        endpointId,
        sequence: 41,
        body: '{"id":"e1","data":{"note":"ünïcödé \\u0000"}}',
        createdAt: at(0),
      });
      const second = buildWebhookDelivery({
        endpointId,
        eventType: 'webhook.ping',
        sequence: 0,
        createdAt: at(1),
      });
      expect(await webhooks.enqueue([first, second])).toBe(2);
      expect(await webhooks.findDelivery(first.id)).toEqual(first);
      expect(await webhooks.findDelivery(second.id)).toEqual(second);

      const again = buildWebhookDelivery({ endpointId, eventId: first.eventId, createdAt: at(5) });
      const otherEndpoint = buildWebhookDelivery({ eventId: first.eventId, createdAt: at(5) });
      const fresh = buildWebhookDelivery({ endpointId, createdAt: at(5) });
      const freshTwin = buildWebhookDelivery({ endpointId, eventId: fresh.eventId, createdAt: at(6) });
      expect(await webhooks.enqueue([again, otherEndpoint, fresh, freshTwin])).toBe(2);
      expect(await webhooks.findDelivery(again.id)).toBeNull();
      expect(await webhooks.findDelivery(freshTwin.id)).toBeNull();
      expect(await webhooks.findDelivery(otherEndpoint.id)).toEqual(otherEndpoint);
      expect(await webhooks.findDelivery(fresh.id)).toEqual(fresh);
      expect(await webhooks.findDelivery(first.id)).toEqual(first);
      expect(await webhooks.enqueue([])).toBe(0);
      expect(await webhooks.enqueue([first])).toBe(0);
      expect(await webhooks.findDelivery(newObjectId())).toBeNull();
    });

    it('claims only pending, due deliveries no live claim holds, oldest due first, each for its next attempt', async () => {
      const webhooks = store().webhooks;
      const now = at(60_000);
      const until = at(90_000);
      const due = (nextAttemptAt: Date, overrides: Partial<WebhookDelivery> = {}) =>
        buildWebhookDelivery({ nextAttemptAt, ...overrides });
      const retried = due(at(-5_000), {
        attempts: [
          buildWebhookAttempt({ attempt: 1, at: at(-50_000) }),
          buildWebhookAttempt({ attempt: 2, at: at(-20_000), statusCode: null, error: 'connection refused' }),
        ],
        roundAttempts: 2,
      });
      const expiredClaim = due(at(-1_000), { claim: { holder: 'instance-b', until: now, attempt: 1 } });
      const dueNow = due(now);
      const oldest = due(at(-10_000));
      const claimable = [oldest, retried, expiredClaim, dueNow];
      const unclaimable = [
        due(at(60_001)),
        due(at(-30_000), { claim: { holder: 'instance-b', until: at(60_001), attempt: 1 } }),
        buildWebhookDelivery({ status: 'succeeded', nextAttemptAt: null }),
        buildWebhookDelivery({ status: 'failed', nextAttemptAt: null }),
        // A finished delivery whose date was left behind is still not pending.
        due(at(-40_000), { status: 'succeeded' }),
      ];
      expect(await webhooks.enqueue([...unclaimable, ...claimable])).toBe(9);

      const claimOf = (delivery: WebhookDelivery) => ({
        ...delivery,
        claim: { holder, until, attempt: delivery.attempts.length + 1 },
      });
      const expected = claimable.map(claimOf);
      expect(await webhooks.claimDue(now, holder, until, 10)).toEqual(expected);
      for (const delivery of expected) expect(await webhooks.findDelivery(delivery.id)).toEqual(delivery);
      for (const delivery of unclaimable) expect(await webhooks.findDelivery(delivery.id)).toEqual(delivery);
      expect(await webhooks.claimDue(now, 'instance-c', at(99_000), 10)).toEqual([]);
    });

    it('claims at most the limit, and takes over a claim once it has expired', async () => {
      const webhooks = store().webhooks;
      const deliveries = [at(-3), at(-2), at(-1)].map((nextAttemptAt) =>
        buildWebhookDelivery({ nextAttemptAt }),
      );
      await webhooks.enqueue(deliveries);
      const ids = (claimed: readonly WebhookDelivery[]) => claimed.map((delivery) => delivery.id);
      const [a, b, c] = deliveries.map((delivery) => delivery.id);
      expect(ids(await webhooks.claimDue(at(0), holder, at(1_000), 2))).toEqual([a, b]);
      expect(ids(await webhooks.claimDue(at(0), 'instance-b', at(1_000), 2))).toEqual([c]);
      expect(await webhooks.claimDue(at(999), 'instance-c', at(2_000), 5)).toEqual([]);
      expect(await webhooks.claimDue(at(1_000), 'instance-c', at(2_000), 0)).toEqual([]);
      const takenOver = await webhooks.claimDue(at(1_000), 'instance-c', at(2_000), 5);
      expect(ids(takenOver)).toEqual([a, b, c]);
      for (const delivery of takenOver) {
        expect(delivery.claim).toEqual({ holder: 'instance-c', until: at(2_000), attempt: 1 });
      }
    });

    it('records an attempt only for the holder of the claim on that attempt, and drops the claim', async () => {
      const webhooks = store().webhooks;
      const delivery = buildWebhookDelivery({ nextAttemptAt: at(0) });
      await webhooks.enqueue([delivery]);
      const [claimed] = await webhooks.claimDue(at(0), holder, at(30_000), 1);
      if (!claimed) throw new Error('nothing claimed');

      const failed = buildWebhookAttempt({ attempt: 1, at: at(10), latencyMs: 30_000, statusCode: null });
      const retry = { attempt: failed, status: 'pending' as const, nextAttemptAt: at(60_000) };
      expect(await webhooks.recordAttempt(delivery.id, 'instance-b', retry)).toBe(false);
      expect(
        await webhooks.recordAttempt(delivery.id, holder, { ...retry, attempt: { ...failed, attempt: 2 } }),
      ).toBe(false);
      expect(await webhooks.recordAttempt(newObjectId(), holder, retry)).toBe(false);
      expect(await webhooks.findDelivery(delivery.id)).toEqual(claimed);

      expect(await webhooks.recordAttempt(delivery.id, holder, retry)).toBe(true);
      const retrying: WebhookDelivery = {
        ...delivery,
        attempts: [failed],
        roundAttempts: 1,
        nextAttemptAt: at(60_000),
        claim: null,
      };
      expect(await webhooks.findDelivery(delivery.id)).toEqual(retrying);
      // Recorded once: the claim is gone.
      expect(await webhooks.recordAttempt(delivery.id, holder, retry)).toBe(false);

      const [second] = await webhooks.claimDue(at(60_000), holder, at(90_000), 1);
      expect(second).toEqual({ ...retrying, claim: { holder, until: at(90_000), attempt: 2 } });
      const succeeded = buildWebhookAttempt({ attempt: 2, at: at(60_100), statusCode: 204, response: '' });
      expect(
        await webhooks.recordAttempt(delivery.id, holder, {
          attempt: succeeded,
          status: 'succeeded',
          nextAttemptAt: null,
        }),
      ).toBe(true);
      expect(await webhooks.findDelivery(delivery.id)).toEqual({
        ...retrying,
        status: 'succeeded',
        attempts: [failed, succeeded],
        roundAttempts: 2,
        nextAttemptAt: null,
      });
    });

    it('lets only the instance that took over an expired claim record the attempt', async () => {
      const webhooks = store().webhooks;
      const delivery = buildWebhookDelivery({ nextAttemptAt: at(0) });
      await webhooks.enqueue([delivery]);
      await webhooks.claimDue(at(0), 'slow', at(30_000), 1);
      const [takenOver] = await webhooks.claimDue(at(30_000), 'fast', at(60_000), 1);
      expect(takenOver?.claim).toEqual({ holder: 'fast', until: at(60_000), attempt: 1 });
      const outcome = {
        attempt: buildWebhookAttempt({ attempt: 1, at: at(31_000), statusCode: 200 }),
        status: 'succeeded' as const,
        nextAttemptAt: null,
      };
      expect(await webhooks.recordAttempt(delivery.id, 'slow', outcome)).toBe(false);
      expect(await webhooks.findDelivery(delivery.id)).toEqual(takenOver);
      expect(await webhooks.recordAttempt(delivery.id, 'fast', outcome)).toBe(true);
      expect(await webhooks.findDelivery(delivery.id)).toMatchObject({ status: 'succeeded', claim: null });
    });

    it('requeues a delivery for a new round at a time, keeping its attempts and dropping any claim', async () => {
      const webhooks = store().webhooks;
      const attempts = [1, 2, 3].map((attempt) => buildWebhookAttempt({ attempt, at: at(attempt * 1_000) }));
      const failed = buildWebhookDelivery({
        status: 'failed',
        attempts,
        roundAttempts: 3,
        nextAttemptAt: null,
      });
      const claimed = buildWebhookDelivery({
        nextAttemptAt: at(0),
        claim: { holder: 'instance-b', until: at(30_000), attempt: 1 },
      });
      await webhooks.enqueue([failed, claimed]);
      const requeued = { ...failed, status: 'pending' as const, roundAttempts: 0, nextAttemptAt: at(10_000) };
      expect(await webhooks.requeue(failed.id, at(10_000))).toEqual(requeued);
      expect(await webhooks.findDelivery(failed.id)).toEqual(requeued);
      expect(await webhooks.requeue(claimed.id, at(5_000))).toEqual({
        ...claimed,
        nextAttemptAt: at(5_000),
        claim: null,
      });
      expect(await webhooks.requeue(newObjectId(), at(0))).toBeNull();
      // The dropped claim's holder can no longer record; the next claim counts on from the attempts.
      expect(
        await webhooks.recordAttempt(claimed.id, 'instance-b', {
          attempt: buildWebhookAttempt(),
          status: 'failed',
          nextAttemptAt: null,
        }),
      ).toBe(false);
      const claims = await webhooks.claimDue(at(10_000), holder, at(40_000), 5);
      expect(claims.map((delivery) => [delivery.id, delivery.claim?.attempt])).toEqual([
        [claimed.id, 1],
        [failed.id, 4],
      ]);
    });

    it("lists an endpoint's deliveries newest first, ties by id descending, one page at a time", async () => {
      const webhooks = store().webhooks;
      const endpointId = newObjectId();
      const tied = [
        buildWebhookDelivery({ endpointId, createdAt: at(2_000) }),
        buildWebhookDelivery({ endpointId, createdAt: at(2_000) }),
      ];
      const deliveries = [
        buildWebhookDelivery({ endpointId, createdAt: at(1_000) }),
        ...tied,
        buildWebhookDelivery({ endpointId, createdAt: at(3_000) }),
        buildWebhookDelivery({ endpointId, createdAt: at(0) }),
      ];
      await webhooks.enqueue([...deliveries, buildWebhookDelivery({ createdAt: at(2_500) })]);
      const [newest, oldest, middle] = [deliveries[3], deliveries[4], deliveries[0]] as WebhookDelivery[];
      const [tieHigh, tieLow] = [...tied].sort(byId).reverse() as WebhookDelivery[];
      expect(await webhooks.listDeliveries(endpointId, { limit: 2, page: 1 })).toEqual({
        items: [newest, tieHigh],
        total: 5,
        page: 1,
        limit: 2,
        pages: 3,
      });
      expect(await webhooks.listDeliveries(endpointId, { limit: 2, page: 2 })).toEqual({
        items: [tieLow, middle],
        total: 5,
        page: 2,
        limit: 2,
        pages: 3,
      });
      expect(await webhooks.listDeliveries(endpointId, { limit: 2, page: 3 })).toMatchObject({
        items: [oldest],
        total: 5,
      });
      expect(await webhooks.listDeliveries(endpointId, { limit: 2, page: 4 })).toMatchObject({
        items: [],
        total: 5,
        pages: 3,
      });
      expect(await webhooks.listDeliveries(newObjectId(), { limit: 10, page: 1 })).toEqual({
        items: [],
        total: 0,
        page: 1,
        limit: 10,
        pages: 0,
      });
    });

    it(
      'gives each of 40 due deliveries to exactly one of 12 concurrent claimers on separate connections',
      async () => {
        const deliveries = Array.from({ length: 40 }, (_, index) =>
          buildWebhookDelivery({ nextAttemptAt: at(-index * 10) }),
        );
        await store().webhooks.enqueue(deliveries);
        const holders = Array.from({ length: 12 }, (_, index) => `instance-${index}`);
        const claims = await harness.race(
          store(),
          'claimWebhookDeliveries',
          holders.map((racer) => ({ now: at(0), holder: racer, until: at(30_000), limit: 5 })),
        );
        for (const ids of claims) expect(ids.length).toBeLessThanOrEqual(5);
        const claimed = claims.flat();
        expect([...claimed].sort()).toEqual(deliveries.map((delivery) => delivery.id).sort());
        for (const [index, ids] of claims.entries()) {
          for (const id of ids) {
            expect((await store().webhooks.findDelivery(id))?.claim).toEqual({
              holder: holders[index],
              until: at(30_000),
              attempt: 1,
            });
          }
        }
      },
      RACE_TIMEOUT_MS,
    );
  });
};
