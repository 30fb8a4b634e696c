import type { BoundedMemo } from '../../shared/bounded-memo.js';
import { readAtVersion, type VersionedAnswer } from '../memo/read-at-version.js';

export interface CatalogueReadDeps {
  /** The catalogue's current version (VersionStore, topic `catalogue`). */
  readonly version: () => Promise<string>;
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
): Promise<VersionedAnswer> => readAtVersion({ version: deps.version, memo: deps.memo }, request, render);
