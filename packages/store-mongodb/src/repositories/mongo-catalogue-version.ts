import { randomBytes } from 'node:crypto';
import type { Collection } from 'mongodb';
import type { CatalogueVersionDocument, ProductDocument } from '../documents.js';

const CATALOGUE = 'catalogue';

/**
 * The catalogue version without multi-document transactions (docs/decisions.md, "Catalogue
 * answers"). A product write sets `catalogueMark` in the same single-document write as the change
 * (`markFields`), then `settle` moves the version and only then clears that mark. A writer that
 * dies in between leaves its mark, and `read` settles every mark it finds before it answers, so
 * the change is never hidden behind an unchanged version. `read` looks for marks first and reads
 * the version after: a write committed before the look either still has its mark (settled here)
 * or was settled, its move already in the version read next.
 */
export const createMongoCatalogueVersion = ({
  products,
  catalogueVersions,
}: {
  readonly products: Collection<ProductDocument>;
  readonly catalogueVersions: Collection<CatalogueVersionDocument>;
}) => {
  const settle = async (productId: string, mark: string): Promise<void> => {
    await catalogueVersions.updateOne(
      { _id: CATALOGUE },
      { $inc: { version: 1 }, $setOnInsert: { epoch: randomBytes(6).toString('hex') } },
      { upsert: true },
    );
    await products.updateOne({ _id: productId, catalogueMark: mark }, { $unset: { catalogueMark: '' } });
  };

  return {
    /** Fields to set with a product write: its mark, which `settle(productId, mark)` then clears. */
    markFields: (): { catalogueMark: string } => ({ catalogueMark: randomBytes(9).toString('base64url') }),
    settle,
    async read(): Promise<string> {
      for (;;) {
        const marked = await products.findOne(
          { catalogueMark: { $exists: true } },
          { projection: { _id: 1, catalogueMark: 1 } },
        );
        if (!marked?.catalogueMark) break;
        await settle(marked._id, marked.catalogueMark);
      }
      const current = await catalogueVersions.findOne({ _id: CATALOGUE });
      return current ? `${current.epoch}.${current.version}` : 'none.0';
    },
  };
};

export type MongoCatalogueVersion = ReturnType<typeof createMongoCatalogueVersion>;
