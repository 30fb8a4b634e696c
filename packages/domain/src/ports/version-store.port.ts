/** What a version covers: the public catalogue, one user's orders, whom a customer search matches, which addresses have a holder. */
export type VersionTopic =
  | { readonly kind: 'catalogue' }
  | { readonly kind: 'user-orders'; readonly userId: string }
  | { readonly kind: 'customer-search' }
  | { readonly kind: 'wallet-holders' };

/**
 * A version is an opaque string: while it stands, every read of its topic answers the same; it
 * moves in the same write as any change of what the topic covers, as every instance sees it
 * (docs/decisions.md, "Memoized answers").
 */
export interface VersionStore {
  current(topic: VersionTopic): Promise<string>;
}
