import {
  type Product,
  type ProductPatch,
  type ProductQuery,
  type ProductStore,
  productSearchNeedle,
  productSearchText,
} from '@trx-shop/domain';
import type { Filter, MatchKeysAndValues } from 'mongodb';
import type { ShopCollections } from '../collections.js';
import type { ProductDocument } from '../documents.js';
import { containsLiteral } from '../literal-pattern.js';
import { productFromDocument, productToDocument } from '../mapping.js';
import { findPage } from '../paging.js';
import { catalogueMarks, versionIdOf } from './version-store.js';
import { createStockChanges } from './mongo-stock-changes.js';
import { createStockReservations } from './mongo-stock-reservations.js';
import { withEvents } from './outbox-writes.js';

const listFilter = (query: ProductQuery): Filter<ProductDocument> => {
  const filter: Filter<ProductDocument> = {};
  if (query.activeOnly) filter.isActive = true;
  if (query.category !== undefined) filter.category = query.category;
  if (query.search !== undefined && query.search !== '') {
    // Case folded in JavaScript on both sides: a regex's own `i` folds by other rules.
    filter.searchText = containsLiteral(productSearchNeedle(query.search));
  }
  return filter;
};

const patchFields = (patch: ProductPatch, at: Date): MatchKeysAndValues<ProductDocument> => ({
  updatedAt: at,
  ...(patch.name === undefined ? {} : { name: patch.name }),
  ...(patch.description === undefined ? {} : { description: patch.description }),
  ...(patch.priceSun === undefined ? {} : { priceSun: patch.priceSun }),
  ...(patch.priceUsdt === undefined ? {} : { priceUsdt: patch.priceUsdt }),
  ...(patch.category === undefined ? {} : { category: patch.category }),
  ...(patch.stock === undefined ? {} : { stock: patch.stock }),
  ...(patch.image === undefined ? {} : { image: patch.image }),
  ...(patch.isActive === undefined ? {} : { isActive: patch.isActive }),
});

/** The one version every public product write moves (VersionStore, topic `catalogue`). */
const CATALOGUE = versionIdOf({ kind: 'catalogue' });

export const createMongoProductStore = ({
  products,
  versions,
}: Pick<ShopCollections, 'products' | 'versions'>): ProductStore => {
  const findById = async (id: string): Promise<Product | null> => {
    const document = await products.findOne({ _id: id });
    return document ? productFromDocument(document) : null;
  };
  /**
   * The search text a patch leaves, with the fields the write must still find to be right: a
   * patch of the name alone needs the description as read (and the other way round), so the
   * write is guarded by both; one of neither changes no text.
   */
  const searchTextAfter = async (id: string, patch: ProductPatch) => {
    if (patch.name === undefined && patch.description === undefined) return { guard: {}, fields: {} };
    if (patch.name !== undefined && patch.description !== undefined) {
      return { guard: {}, fields: { searchText: productSearchText(patch.name, patch.description) } };
    }
    const current = await products.findOne({ _id: id }, { projection: { name: 1, description: 1 } });
    if (current === null) return null;
    return {
      guard: { name: current.name, description: current.description },
      fields: {
        searchText: productSearchText(patch.name ?? current.name, patch.description ?? current.description),
      },
    };
  };
  const marks = catalogueMarks({ products, versions });
  const settle = (productId: string, mark: { readonly [field: string]: string }) =>
    marks.settle(CATALOGUE, productId, marks.markOf(mark));
  const stock = createStockChanges(products, { markFields: marks.markFields, settle });

  return {
    async insert(product, events) {
      const mark = marks.markFields();
      await products.insertOne({ ...productToDocument(product, events), ...mark });
      await settle(product.id, mark);
      return product;
    },

    findById,

    async findManyByIds(ids) {
      if (ids.length === 0) return [];
      const documents = await products.find({ _id: { $in: [...ids] } }).toArray();
      const byId = new Map(documents.map((document) => [document._id, productFromDocument(document)]));
      return ids.flatMap((id) => {
        const product = byId.get(id);
        return product ? [product] : [];
      });
    },

    list: (query, page) => findPage(products, listFilter(query), page, productFromDocument),

    async update(id, patch, at, events) {
      const mark = marks.markFields();
      for (;;) {
        const text = await searchTextAfter(id, patch);
        if (text === null) return null;
        const result = await products.updateOne(
          { _id: id, ...text.guard },
          withEvents({ $set: { ...patchFields(patch, at), ...text.fields, ...mark } }, events),
        );
        if (result.matchedCount === 1) break;
        // A product gone answers null; one renamed since the read is read again.
        if (text.guard.name === undefined) return null;
      }
      await settle(id, mark);
      return findById(id);
    },

    applyStockChange: stock.apply,
    forgetStockChange: stock.forget,
    ...createStockReservations(products),

    count: () => products.countDocuments({}),
  };
};
