import type { BoundedMemo } from '../../shared/bounded-memo.js';
import { readAtVersion } from '../memo/read-at-version.js';

export interface OrderPageReadDeps {
  /** The user's order version (VersionStore, topic `user-orders`). */
  readonly version: (userId: string) => Promise<string>;
  readonly memo: BoundedMemo<string>;
}

/**
 * A page of the user's own orders, memoized under their order version (docs/decisions.md,
 * "Memoized answers"): any write to one of their orders shows in the very next page, on any
 * instance. The caller has checked the session and the account already, on this request.
 */
export const readOrderPage = async (
  deps: OrderPageReadDeps,
  userId: string,
  pageKey: string,
  render: () => Promise<string>,
): Promise<{ readonly body: string; readonly fromMemo: boolean }> => {
  const version = () => deps.version(userId);
  const answer = await readAtVersion({ version, memo: deps.memo }, { key: `${userId} ${pageKey}` }, render);
  if (answer.kind !== 'rendered')
    throw new Error('an order page is always rendered: no client version is asked');
  return { body: answer.body, fromMemo: answer.fromMemo };
};
