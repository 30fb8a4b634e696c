import type { MailMessage, MailStore } from '@trx-shop/domain';
import { newestFirst, pageFrom, type Tables } from './tables.js';

const isClaimable = (message: MailMessage, now: Date): boolean =>
  message.status === 'pending' &&
  message.nextAttemptAt !== null &&
  message.nextAttemptAt.getTime() <= now.getTime() &&
  (message.claim === null || message.claim.until.getTime() <= now.getTime());

/** Oldest due first; the id breaks ties so every store claims in the same order. */
const dueFirst = (a: MailMessage, b: MailMessage): number =>
  (a.nextAttemptAt?.getTime() ?? 0) - (b.nextAttemptAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1);

export const createMemoryMailStore = ({
  mailMessages: messages,
}: Pick<Tables, 'mailMessages'>): MailStore => {
  const save = (message: MailMessage): MailMessage => {
    messages.set(message.id, message);
    return message;
  };

  return {
    async enqueue(batch) {
      let added = 0;
      for (const message of batch) {
        if (messages.has(message.id)) continue;
        save(message);
        added += 1;
      }
      return added;
    },
    async claimDue(now, holder, until, limit) {
      return [...messages.values()]
        .filter((message) => isClaimable(message, now))
        .sort(dueFirst)
        .slice(0, Math.max(0, limit))
        .map((message) =>
          save({ ...message, claim: { holder, until, attempt: message.attempts.length + 1 } }),
        );
    },
    async recordAttempt(id, holder, { attempt, status, nextAttemptAt }) {
      const message = messages.get(id);
      if (message?.claim?.holder !== holder || message.claim.attempt !== attempt.attempt) return false;
      save({
        ...message,
        attempts: [...message.attempts, attempt],
        status,
        nextAttemptAt,
        roundAttempts: message.roundAttempts + 1,
        claim: null,
        sentAt: status === 'sent' ? attempt.at : message.sentAt,
      });
      return true;
    },
    async requeue(id, at) {
      const message = messages.get(id);
      if (message?.status !== 'failed') return null;
      return save({ ...message, status: 'pending', nextAttemptAt: at, roundAttempts: 0, claim: null });
    },
    async findMessage(id) {
      return messages.get(id) ?? null;
    },
    async listMessages(filter, page) {
      const matching = [...messages.values()].filter(
        (message) => filter.status === undefined || message.status === filter.status,
      );
      return pageFrom(matching.sort(newestFirst), page);
    },
  };
};
