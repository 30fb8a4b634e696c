import { offsetOf, type Page, type PageRequest, pageOf } from '@trx-shop/domain';
import type { Collection, Document, Filter, Sort } from 'mongodb';

/** Lists are newest first: createdAt, then id, both descending (docs/decisions.md section 3). */
export const NEWEST_FIRST: Sort = { createdAt: -1, _id: -1 };

/** One page of `collection` matching `filter`, with its total, mapped to the domain. */
export const findPage = async <TDocument extends Document, TItem>(
  collection: Collection<TDocument>,
  filter: Filter<TDocument>,
  page: PageRequest,
  toItem: (document: TDocument) => TItem,
): Promise<Page<TItem>> => {
  const [documents, total] = await Promise.all([
    collection.find(filter).sort(NEWEST_FIRST).skip(offsetOf(page)).limit(page.limit).toArray(),
    collection.countDocuments(filter),
  ]);
  return pageOf(
    documents.map((document) => toItem(document as TDocument)),
    total,
    page,
  );
};
