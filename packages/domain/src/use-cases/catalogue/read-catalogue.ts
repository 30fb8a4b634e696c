import type { ProductStore } from '../../ports/product-store.port.js';
import type { BoundedMemo } from '../../shared/bounded-memo.js';
import { readAtVersion, type VersionedAnswer } from '../memo/read-at-version.js';

export interface CatalogueReadDeps {
  readonly products: Pick<ProductStore, 'catalogueVersion'>;
  readonly memo: BoundedMemo<string>;
}

/**
 * One public catalogue answer (the list, a product), memoized under the store's catalogue version
 * (docs/decisions.md, "Memoized answers"), or not-modified for a client holding that version.
 */
export const readCatalogue = (
  deps: CatalogueReadDeps,
  request: { readonly key: string; readonly clientHolds: (version: string) => boolean },
  render: () => Promise<string>,
): Promise<VersionedAnswer> =>
  readAtVersion({ version: () => deps.products.catalogueVersion(), memo: deps.memo }, request, render);
