import {
  sameSealedSecrets,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointPatch,
  type WebhookStore,
} from '@trx-shop/domain';
import { newestFirst, oldestFirst, pageFrom, type Tables } from './tables.js';

const isClaimable = (delivery: WebhookDelivery, now: Date): boolean =>
  delivery.status === 'pending' &&
  delivery.nextAttemptAt !== null &&
  delivery.nextAttemptAt.getTime() <= now.getTime() &&
  (delivery.claim === null || delivery.claim.until.getTime() <= now.getTime());

/** The patch's own fields that are set: an `undefined` (or a wider object's extra key) changes nothing. */
const fieldsOf = (patch: WebhookEndpointPatch): WebhookEndpointPatch => {
  const { url, description, events, enabled } = patch;
  return Object.fromEntries(
    Object.entries({ url, description, events, enabled }).filter(([, value]) => value !== undefined),
  );
};

/** Oldest due first; the id breaks ties so every store claims in the same order. */
const dueFirst = (a: WebhookDelivery, b: WebhookDelivery): number =>
  (a.nextAttemptAt?.getTime() ?? 0) - (b.nextAttemptAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1);

export const createMemoryWebhookStore = ({
  webhookEndpoints: endpoints,
  webhookDeliveries: deliveries,
}: Pick<Tables, 'webhookEndpoints' | 'webhookDeliveries'>): WebhookStore => {
  const save = <T extends { readonly id: string }>(table: Map<string, T>, record: T): T => {
    table.set(record.id, record);
    return record;
  };
  const isQueued = (endpointId: string, eventId: string): boolean =>
    [...deliveries.values()].some(
      (delivery) => delivery.endpointId === endpointId && delivery.eventId === eventId,
    );

  return {
    async insertEndpoint(endpoint) {
      return save(endpoints, endpoint);
    },
    async findEndpoint(id) {
      return endpoints.get(id) ?? null;
    },
    async listEndpoints() {
      return [...endpoints.values()].sort(oldestFirst);
    },
    async updateEndpoint(id, patch, at) {
      const endpoint = endpoints.get(id);
      if (!endpoint) return null;
      const enabling = patch.enabled === true ? { disabledReason: null, failingSince: null } : {};
      return save(endpoints, { ...endpoint, ...fieldsOf(patch), ...enabling, updatedAt: at });
    },
    async replaceSecrets(id, expected, replacement, at) {
      const endpoint = endpoints.get(id);
      if (!endpoint || !sameSealedSecrets(endpoint.secrets, expected)) return null;
      return save(endpoints, { ...endpoint, secrets: [...replacement], updatedAt: at ?? endpoint.updatedAt });
    },
    async deleteEndpoint(id) {
      for (const delivery of deliveries.values()) {
        if (delivery.endpointId === id) deliveries.delete(delivery.id);
      }
      return endpoints.delete(id);
    },
    async noteEndpointOutcome(id, outcome) {
      const endpoint = endpoints.get(id);
      if (!endpoint) return null;
      if (outcome.ok)
        return { endpoint: save(endpoints, { ...endpoint, failingSince: null }), disabledNow: false };
      const failingSince = endpoint.failingSince ?? outcome.at;
      const disable =
        endpoint.enabled && outcome.at.getTime() - failingSince.getTime() >= outcome.disableAfterMs;
      const disabled: Partial<WebhookEndpoint> = disable
        ? { enabled: false, disabledReason: outcome.reason }
        : {};
      return { endpoint: save(endpoints, { ...endpoint, failingSince, ...disabled }), disabledNow: disable };
    },

    async enqueue(batch) {
      let added = 0;
      for (const delivery of batch) {
        if (deliveries.has(delivery.id) || isQueued(delivery.endpointId, delivery.eventId)) continue;
        save(deliveries, delivery);
        added += 1;
      }
      return added;
    },
    async claimDue(now, holder, until, limit) {
      return [...deliveries.values()]
        .filter((delivery) => isClaimable(delivery, now))
        .sort(dueFirst)
        .slice(0, Math.max(0, limit))
        .map((delivery) =>
          save(deliveries, { ...delivery, claim: { holder, until, attempt: delivery.attempts.length + 1 } }),
        );
    },
    async recordAttempt(id, holder, { attempt, status, nextAttemptAt }) {
      const delivery = deliveries.get(id);
      if (delivery?.claim?.holder !== holder || delivery.claim.attempt !== attempt.attempt) return false;
      save(deliveries, {
        ...delivery,
        attempts: [...delivery.attempts, attempt],
        status,
        nextAttemptAt,
        roundAttempts: delivery.roundAttempts + 1,
        claim: null,
      });
      return true;
    },
    async requeue(id, at) {
      const delivery = deliveries.get(id);
      if (!delivery) return null;
      return save(deliveries, {
        ...delivery,
        status: 'pending',
        nextAttemptAt: at,
        roundAttempts: 0,
        claim: null,
      });
    },
    async findDelivery(id) {
      return deliveries.get(id) ?? null;
    },
    async listDeliveries(endpointId, page) {
      const ofEndpoint = [...deliveries.values()].filter((delivery) => delivery.endpointId === endpointId);
      return pageFrom(ofEndpoint.sort(newestFirst), page);
    },
  };
};
