/** What a mailed token lets its holder do, once. */
export type AccountTokenKind = 'password-reset' | 'email-verification';

/** How long each kind of token works after it is mailed. */
export const ACCOUNT_TOKEN_TTL_MS: Readonly<Record<AccountTokenKind, number>> = {
  'password-reset': 30 * 60_000,
  'email-verification': 24 * 60 * 60_000,
};

/**
 * A token mailed to an account, as the store keeps it: only its hash, so a copy of the store opens
 * no account. One live token per (user, kind): issuing one replaces the last.
 */
export interface AccountToken {
  readonly id: string;
  readonly userId: string;
  readonly kind: AccountTokenKind;
  /** The token's SHA-256 (hex): what a presented token is looked up by. */
  readonly tokenHash: string;
  /** The address the token was mailed to: it works only while the account still has it. */
  readonly email: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}
