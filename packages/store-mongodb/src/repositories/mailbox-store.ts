import { type MailboxStore, offsetOf, pageOf } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import { isDuplicateKey } from '../duplicate-key.js';
import { mailboxEntryFromDocument, mailboxEntryToDocument } from '../mail-mapping.js';

/** Newest delivery first, ties by message id: `mailbox_delivered`. */
const NEWEST_DELIVERED_FIRST = { deliveredAt: -1, _id: -1 } as const;

export const createMongoMailboxStore = ({ mailbox }: Pick<ShopCollections, 'mailbox'>): MailboxStore => ({
  async deliver(entry) {
    // The message id is `_id`: a repeated attempt of one message keeps what the first one kept.
    await mailbox.insertOne(mailboxEntryToDocument(entry)).catch((error: unknown) => {
      if (!isDuplicateKey(error)) throw error;
    });
  },

  async list(page) {
    const [documents, total] = await Promise.all([
      mailbox.find({}).sort(NEWEST_DELIVERED_FIRST).skip(offsetOf(page)).limit(page.limit).toArray(),
      mailbox.countDocuments({}),
    ]);
    return pageOf(documents.map(mailboxEntryFromDocument), total, page);
  },

  async find(messageId) {
    const document = await mailbox.findOne({ _id: messageId });
    return document ? mailboxEntryFromDocument(document) : null;
  },
});
