import type { Product, ProductPatch, ProductQuery, ProductStore } from '@trx-shop/domain';
import type { Filter, MatchKeysAndValues } from 'mongodb';
import type { ShopCollections } from '../collections.js';
import type { ProductDocument } from '../documents.js';
import { containsText } from '../literal-pattern.js';
import { productFromDocument, productToDocument } from '../mapping.js';
import { findPage } from '../paging.js';
import { createMarkedVersions } from './marked-versions.js';
import { createStockChanges } from './mongo-stock-changes.js';
import { createStockReservations } from './mongo-stock-reservations.js';
import { withEvents } from './outbox-writes.js';

const listFilter = (query: ProductQuery): Filter<ProductDocument> => {
  const filter: Filter<ProductDocument> = {};
  if (query.activeOnly) filter.isActive = true;
  if (query.category !== undefined) filter.category = query.category;
  if (query.search !== undefined && query.search !== '') {
    const pattern = containsText(query.search);
    filter.$or = [{ name: pattern }, { description: pattern }];
  }
  return filter;
};

const patchFields = (patch: ProductPatch, at: Date): MatchKeysAndValues<ProductDocument> => ({
  updatedAt: at,
  ...(patch.name === undefined ? {} : { name: patch.name }),
  ...(patch.description === undefined ? {} : { description: patch.description }),
  ...(patch.priceSun === undefined ? {} : { priceSun: patch.priceSun }),
  ...(patch.category === undefined ? {} : { category: patch.category }),
  ...(patch.stock === undefined ? {} : { stock: patch.stock }),
  ...(patch.image === undefined ? {} : { image: patch.image }),
  ...(patch.isActive === undefined ? {} : { isActive: patch.isActive }),
});

/** The one version every public product write moves (ProductStore.catalogueVersion). */
const CATALOGUE = 'catalogue';

export const createMongoProductStore = ({
  products,
  versions,
}: Pick<ShopCollections, 'products' | 'versions'>): ProductStore => {
  const findById = async (id: string): Promise<Product | null> => {
    const document = await products.findOne({ _id: id });
    return document ? productFromDocument(document) : null;
  };
  const marks = createMarkedVersions({ records: products, versions, markField: 'catalogueMark' });
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
      const result = await products.updateOne(
        { _id: id },
        withEvents({ $set: { ...patchFields(patch, at), ...mark } }, events),
      );
      if (result.matchedCount === 0) return null;
      await settle(id, mark);
      return findById(id);
    },

    applyStockChange: stock.apply,
    forgetStockChange: stock.forget,
    ...createStockReservations(products),

    count: () => products.countDocuments({}),

    catalogueVersion: () => marks.read(CATALOGUE, {}),
  };
};
