import type { BoundedMemo } from '../../shared/bounded-memo.js';

export interface VersionedReadDeps {
  /** The store's version of what the answer shows; read first, on every request. */
  readonly version: () => Promise<string>;
  /** Rendered answers by `<version> <request key>`. */
  readonly memo: BoundedMemo<string>;
}

export type VersionedAnswer =
  | { readonly kind: 'not-modified'; readonly version: string }
  | {
      readonly kind: 'rendered';
      readonly version: string;
      readonly body: string;
      readonly fromMemo: boolean;
    };

/**
 * An answer exact across instances though memoized per instance (docs/decisions.md, "Memoized
 * answers"). The version is read first: a client that already holds that version is told so, and
 * an answer rendered at that version is reused. `render` runs only after the version was read, so
 * what it reads is at least as new as the version it is filed under; a write after that moves the
 * version, and the entry is never used again.
 */
export const readAtVersion = async (
  deps: VersionedReadDeps,
  request: {
    readonly key: string;
    /** Whether the client already holds the answer at this version (If-None-Match). */
    readonly clientHolds?: (version: string) => boolean;
  },
  render: () => Promise<string>,
): Promise<VersionedAnswer> => {
  const version = await deps.version();
  if (request.clientHolds?.(version)) return { kind: 'not-modified', version };
  const memoKey = `${version} ${request.key}`;
  const memoized = deps.memo.get(memoKey);
  if (memoized !== undefined) return { kind: 'rendered', version, body: memoized, fromMemo: true };
  const body = await render();
  deps.memo.set(memoKey, body);
  return { kind: 'rendered', version, body, fromMemo: false };
};
