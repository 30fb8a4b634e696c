import type { WebhookDelivery, WebhookEndpointPatch, WebhookStore } from '@trx-shop/domain';
import type { Filter } from 'mongodb';
import type { ShopCollections } from '../collections.js';
import type { WebhookDeliveryDocument, WebhookEndpointDocument } from '../documents.js';
import { refusedWrites } from '../duplicate-key.js';
import { findPage } from '../paging.js';
import {
  secretDocument,
  webhookDeliveryFromDocument,
  webhookDeliveryToDocument,
  webhookEndpointFromDocument,
  webhookEndpointToDocument,
} from '../webhook-mapping.js';

/*
 * Endpoints and deliveries are two collections, and every write is a single-document write (the
 * stand-in has no transactions). Where a write answers the record, it is the pre-image
 * (`returnDocument: 'before'`, deep-cloned by mongo-java-server) with the write's own `$set`
 * applied: the stand-in's post-images can show a concurrent writer's change (see
 * window-counter-store.ts).
 */

const DUE_FIRST = { nextAttemptAt: 1, _id: 1 } as const;

/** Pending, due at `now`, and held by no live claim. */
const claimableAt = (now: Date): Filter<WebhookDeliveryDocument> => ({
  status: 'pending',
  nextAttemptAt: { $lte: now },
  $or: [{ claim: null }, { 'claim.until': { $lte: now } }],
});

/** What a patch sets: only its given fields; enabling ends the failing run and its verdict. */
const endpointChanges = (patch: WebhookEndpointPatch, at: Date): Partial<WebhookEndpointDocument> => {
  const { url, description, events, enabled } = patch;
  const given: Partial<WebhookEndpointDocument> = Object.fromEntries(
    Object.entries({
      url,
      description,
      events: events && [...events],
      enabled,
    }).filter(([, value]) => value !== undefined),
  );
  const enabling = enabled === true ? { disabledReason: null, failingSince: null } : {};
  return { ...given, ...enabling, updatedAt: at };
};

export const createMongoWebhookStore = ({
  webhookEndpoints: endpoints,
  webhookDeliveries: deliveries,
}: Pick<ShopCollections, 'webhookEndpoints' | 'webhookDeliveries'>): WebhookStore => {
  const findEndpoint = async (id: string) => {
    const document = await endpoints.findOne({ _id: id });
    return document ? webhookEndpointFromDocument(document) : null;
  };

  const setOnEndpoint = async (id: string, changes: Partial<WebhookEndpointDocument>) => {
    const before = await endpoints.findOneAndUpdate(
      { _id: id },
      { $set: changes },
      { returnDocument: 'before' },
    );
    return before ? webhookEndpointFromDocument({ ...before, ...changes }) : null;
  };

  const setOnDelivery = async (id: string, changes: Partial<WebhookDeliveryDocument>) => {
    const before = await deliveries.findOneAndUpdate(
      { _id: id },
      { $set: changes },
      { returnDocument: 'before' },
    );
    return before ? webhookDeliveryFromDocument({ ...before, ...changes }) : null;
  };

  /**
   * Claims the first claimable delivery among `candidates` still as read. The guard repeats the
   * claimable filter and the number of attempts, so the attempt number written in the same update
   * is the one due: a delivery another instance claimed, or claimed and attempted, since the read
   * is left alone.
   */
  const claimOne = async (
    candidate: WebhookDeliveryDocument,
    now: Date,
    holder: string,
    until: Date,
  ): Promise<WebhookDelivery | null> => {
    const claim = { holder, until, attempt: candidate.attempts.length + 1 };
    const before = await deliveries.findOneAndUpdate(
      { ...claimableAt(now), _id: candidate._id, attempts: { $size: candidate.attempts.length } },
      { $set: { claim } },
      { returnDocument: 'before' },
    );
    return before ? webhookDeliveryFromDocument({ ...before, claim }) : null;
  };

  return {
    async insertEndpoint(endpoint) {
      await endpoints.insertOne(webhookEndpointToDocument(endpoint));
      return endpoint;
    },

    findEndpoint,

    async listEndpoints() {
      const documents = await endpoints.find({}).sort({ createdAt: 1, _id: 1 }).toArray();
      return documents.map(webhookEndpointFromDocument);
    },

    updateEndpoint: (id, patch, at) => setOnEndpoint(id, endpointChanges(patch, at)),

    async replaceSecrets(id, expected, replacement, at) {
      // One conditional write: the array equals what was read, sealed text for sealed text.
      const changes: Partial<WebhookEndpointDocument> = {
        secrets: replacement.map(secretDocument),
        ...(at === null ? {} : { updatedAt: at }),
      };
      const before = await endpoints.findOneAndUpdate(
        { _id: id, secrets: expected.map(secretDocument) },
        { $set: changes },
        { returnDocument: 'before' },
      );
      return before ? webhookEndpointFromDocument({ ...before, ...changes }) : null;
    },

    async deleteEndpoint(id) {
      const deleted = await endpoints.deleteOne({ _id: id });
      // Also when the endpoint is gone already: a delete cut short between the two writes is
      // finished by the next one.
      await deliveries.deleteMany({ endpointId: id });
      return deleted.deletedCount === 1;
    },

    async noteEndpointOutcome(id, outcome) {
      if (outcome.ok) {
        const endpoint = await setOnEndpoint(id, { failingSince: null });
        return endpoint ? { endpoint, disabledNow: false } : null;
      }
      await endpoints.updateOne({ _id: id, failingSince: null }, { $set: { failingSince: outcome.at } });
      // Only an enabled endpoint: a second verdict must not replace the first, nor give an
      // admin's disabling a reason.
      const disabling = await endpoints.updateOne(
        {
          _id: id,
          enabled: true,
          failingSince: { $lte: new Date(outcome.at.getTime() - outcome.disableAfterMs) },
        },
        { $set: { enabled: false, disabledReason: outcome.reason } },
      );
      const endpoint = await findEndpoint(id);
      return endpoint ? { endpoint, disabledNow: disabling.matchedCount === 1 } : null;
    },

    async enqueue(batch) {
      if (batch.length === 0) return 0;
      try {
        await deliveries.insertMany(batch.map(webhookDeliveryToDocument), { ordered: false });
        return batch.length;
      } catch (error) {
        // Counted from the refusals: the stand-in reports every document of the batch as inserted.
        const refused = refusedWrites(error);
        if (refused === null || refused.some((write) => !write.duplicate)) throw error;
        return batch.length - refused.length;
      }
    },

    async claimDue(now, holder, until, limit) {
      const claimed: WebhookDelivery[] = [];
      // Each pass reads the next candidates and claims what it can; a candidate lost to another
      // instance leaves room that the next pass fills. It ends when nothing claimable is left.
      while (claimed.length < limit) {
        const candidates = await deliveries
          .find(claimableAt(now))
          .sort(DUE_FIRST)
          .limit(limit - claimed.length)
          .toArray();
        if (candidates.length === 0) break;
        for (const candidate of candidates) {
          const delivery = await claimOne(candidate, now, holder, until);
          if (delivery) claimed.push(delivery);
        }
      }
      return claimed.sort(
        (a, b) =>
          (a.nextAttemptAt?.getTime() ?? 0) - (b.nextAttemptAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1),
      );
    },

    async recordAttempt(id, holder, { attempt, status, nextAttemptAt }) {
      const recorded = await deliveries.updateOne(
        { _id: id, 'claim.holder': holder, 'claim.attempt': attempt.attempt },
        {
          $push: { attempts: attempt },
          $set: { status, nextAttemptAt, claim: null },
          $inc: { roundAttempts: 1 },
        },
      );
      return recorded.matchedCount === 1;
    },

    requeue: (id, at) =>
      setOnDelivery(id, { status: 'pending', nextAttemptAt: at, roundAttempts: 0, claim: null }),

    async findDelivery(id) {
      const document = await deliveries.findOne({ _id: id });
      return document ? webhookDeliveryFromDocument(document) : null;
    },

    listDeliveries: (endpointId, page) =>
      findPage(deliveries, { endpointId }, page, webhookDeliveryFromDocument),
  };
};
