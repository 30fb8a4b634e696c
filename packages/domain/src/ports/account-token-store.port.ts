import type { AccountToken, AccountTokenKind } from '../users/account-token.js';

/** The reset and verification tokens mailed to accounts (docs/decisions.md, "Mailed tokens"). */
export interface AccountTokenStore {
  /**
   * Keeps `token` as the one live token of its (user, kind), replacing any other in the same write:
   * the older token stops working at once.
   */
  replace(token: AccountToken): Promise<void>;
  /**
   * Removes and answers the token of `kind` with this hash if it has not expired at `now`, in one
   * write: of two callers presenting one token, one gets it and the other null.
   */
  consume(kind: AccountTokenKind, tokenHash: string, now: Date): Promise<AccountToken | null>;
  /** The live token of (user, kind), without consuming it; null when none. */
  findByUser(userId: string, kind: AccountTokenKind): Promise<AccountToken | null>;
}
