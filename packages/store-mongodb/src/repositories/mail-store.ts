import type { MailMessage, MailStore } from '@trx-shop/domain';
import type { Filter } from 'mongodb';
import type { ShopCollections } from '../collections.js';
import type { MailMessageDocument } from '../documents.js';
import { refusedWrites } from '../duplicate-key.js';
import { mailMessageFromDocument, mailMessageToDocument } from '../mail-mapping.js';
import { findPage } from '../paging.js';

/*
 * Every write is a single-document write (the stand-in has no transactions). Where a write answers
 * the message, it is the pre-image (`returnDocument: 'before'`, deep-cloned by mongo-java-server)
 * with the write's own `$set` applied: the stand-in's post-images can show a concurrent writer's
 * change (see window-counter-store.ts).
 */

const DUE_FIRST = { nextAttemptAt: 1, _id: 1 } as const;

/** Pending, due at `now`, and held by no live claim. */
const claimableAt = (now: Date): Filter<MailMessageDocument> => ({
  status: 'pending',
  nextAttemptAt: { $lte: now },
  $or: [{ claim: null }, { 'claim.until': { $lte: now } }],
});

const dueFirst = (a: MailMessage, b: MailMessage): number =>
  (a.nextAttemptAt?.getTime() ?? 0) - (b.nextAttemptAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1);

export const createMongoMailStore = ({
  mailMessages: messages,
}: Pick<ShopCollections, 'mailMessages'>): MailStore => {
  /**
   * Claims `candidate` if it is still as read. The guard repeats the claimable filter and the
   * number of attempts, so the attempt number written in the same update is the one due: a
   * message another instance claimed, or claimed and attempted, since the read is left alone.
   */
  const claimOne = async (
    candidate: MailMessageDocument,
    now: Date,
    holder: string,
    until: Date,
  ): Promise<MailMessage | null> => {
    const claim = { holder, until, attempt: candidate.attempts.length + 1 };
    const before = await messages.findOneAndUpdate(
      { ...claimableAt(now), _id: candidate._id, attempts: { $size: candidate.attempts.length } },
      { $set: { claim } },
      { returnDocument: 'before' },
    );
    return before ? mailMessageFromDocument({ ...before, claim }) : null;
  };

  return {
    async enqueue(batch) {
      if (batch.length === 0) return 0;
      try {
        await messages.insertMany(batch.map(mailMessageToDocument), { ordered: false });
        return batch.length;
      } catch (error) {
        // Counted from the refusals: the stand-in reports every document of the batch as inserted.
        const refused = refusedWrites(error);
        if (refused === null || refused.some((write) => !write.duplicate)) throw error;
        return batch.length - refused.length;
      }
    },

    async claimDue(now, holder, until, limit) {
      const claimed: MailMessage[] = [];
      // Each pass reads the next candidates and claims what it can; a candidate lost to another
      // instance leaves room that the next pass fills. It ends when nothing claimable is left.
      while (claimed.length < limit) {
        const candidates = await messages
          .find(claimableAt(now))
          .sort(DUE_FIRST)
          .limit(limit - claimed.length)
          .toArray();
        if (candidates.length === 0) break;
        for (const candidate of candidates) {
          const message = await claimOne(candidate, now, holder, until);
          if (message) claimed.push(message);
        }
      }
      return claimed.sort(dueFirst);
    },

    async recordAttempt(id, holder, { attempt, status, nextAttemptAt }) {
      const recorded = await messages.updateOne(
        { _id: id, 'claim.holder': holder, 'claim.attempt': attempt.attempt },
        {
          $push: { attempts: attempt },
          $set: { status, nextAttemptAt, claim: null, ...(status === 'sent' ? { sentAt: attempt.at } : {}) },
          $inc: { roundAttempts: 1 },
        },
      );
      return recorded.matchedCount === 1;
    },

    async requeue(id, at) {
      const changes = { status: 'pending', nextAttemptAt: at, roundAttempts: 0, claim: null } as const;
      // Only a failed message: a pending one is queued already, and a sent one must never go twice.
      const before = await messages.findOneAndUpdate(
        { _id: id, status: 'failed' },
        { $set: changes },
        { returnDocument: 'before' },
      );
      return before ? mailMessageFromDocument({ ...before, ...changes }) : null;
    },

    async findMessage(id) {
      const document = await messages.findOne({ _id: id });
      return document ? mailMessageFromDocument(document) : null;
    },

    listMessages: ({ status }, page) =>
      findPage(messages, status === undefined ? {} : { status }, page, mailMessageFromDocument),
  };
};
