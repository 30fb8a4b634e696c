import type { ProductStore } from '../../ports/product-store.port.js';
import type { BoundedMemo } from '../../shared/bounded-memo.js';

export interface CatalogueReadDeps {
  readonly products: Pick<ProductStore, 'catalogueVersion'>;
  /** Rendered answers by `<version> <request key>`. */
  readonly memo: BoundedMemo<string>;
}

export type CatalogueAnswer =
  | { readonly kind: 'not-modified'; readonly version: string }
  | {
      readonly kind: 'rendered';
      readonly version: string;
      readonly body: string;
      readonly fromMemo: boolean;
    };

/**
 * One public catalogue answer, exact across instances (docs/decisions.md, "Catalogue answers").
 * The store's catalogue version is read first, on every request: a client that already holds
 * that version is told so, and an answer rendered at that version is reused. `render` runs only
 * after the version was read, so what it reads is at least as new as the version it is filed
 * under; a write after that changes the version, and the entry is never used again.
 */
export const readCatalogue = async (
  deps: CatalogueReadDeps,
  request: {
    readonly key: string;
    /** Whether the client already holds the answer at this version (If-None-Match). */
    readonly clientHolds: (version: string) => boolean;
  },
  render: () => Promise<string>,
): Promise<CatalogueAnswer> => {
  const version = await deps.products.catalogueVersion();
  if (request.clientHolds(version)) return { kind: 'not-modified', version };
  const memoKey = `${version} ${request.key}`;
  const memoized = deps.memo.get(memoKey);
  if (memoized !== undefined) return { kind: 'rendered', version, body: memoized, fromMemo: true };
  const body = await render();
  deps.memo.set(memoKey, body);
  return { kind: 'rendered', version, body, fromMemo: false };
};
