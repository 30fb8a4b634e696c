import { ACCOUNT_TOKEN_TTL_MS, type AccountToken, type AccountTokenKind } from '../../users/account-token.js';
import type { AccountMailDeps } from './account-mail-deps.js';

/** A new token (plaintext, for the mail only) and the record that keeps its hash. */
export interface IssuedAccountToken {
  readonly token: string;
  readonly record: AccountToken;
}

/**
 * Makes a token and its record without storing it: callers that must not reveal whether the
 * account exists do this work for unknown addresses too, and store it only for a real account.
 */
export const prepareAccountToken = (
  deps: Pick<AccountMailDeps, 'tokens' | 'ids'>,
  kind: AccountTokenKind,
  owner: { readonly userId: string; readonly email: string },
  at: Date,
): IssuedAccountToken => {
  const token = deps.tokens.newToken();
  return {
    token,
    record: {
      id: deps.ids.newId(),
      userId: owner.userId,
      kind,
      tokenHash: deps.tokens.hash(token),
      email: owner.email,
      createdAt: at,
      expiresAt: new Date(at.getTime() + ACCOUNT_TOKEN_TTL_MS[kind]),
    },
  };
};
