import type { MailboxEntry, MailboxStore } from '@trx-shop/domain';
import { pageFrom, type Tables } from './tables.js';

/** The mailbox's order: newest delivery first, then message id descending. */
const newestDeliveredFirst = (a: MailboxEntry, b: MailboxEntry): number =>
  b.deliveredAt.getTime() - a.deliveredAt.getTime() ||
  (a.messageId < b.messageId ? 1 : a.messageId > b.messageId ? -1 : 0);

export const createMemoryMailboxStore = ({ mailbox }: Pick<Tables, 'mailbox'>): MailboxStore => ({
  async deliver(entry) {
    if (!mailbox.has(entry.messageId)) mailbox.set(entry.messageId, entry);
  },
  async list(page) {
    return pageFrom([...mailbox.values()].sort(newestDeliveredFirst), page);
  },
  async find(messageId) {
    return mailbox.get(messageId) ?? null;
  },
});
