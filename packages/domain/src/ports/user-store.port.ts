import type { ShopEvent } from './shop-event.js';
import type { DomainError } from '../errors/domain-error.js';
import type { Sun } from '../money/sun.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { Result } from '../shared/result.js';
import type { TimeWindow } from '../stats/time-windows.js';
import type { TwoFactorState, User } from '../users/user.js';

export interface UserProfilePatch {
  readonly username?: string;
  readonly phone?: string | null;
  readonly country?: string | null;
  readonly externalWalletAddress?: string | null;
}

/** A custodial wallet and the user who holds it. */
export interface WalletHolder {
  readonly userId: string;
  readonly address: string;
}

/** A customer (role `user`) with totalSpent = completed totals - refunded totals. */
export interface CustomerRow {
  readonly user: User;
  readonly totalSpentSun: Sun;
}

export interface CustomerQuery {
  /** Case-insensitive literal substring of username or email. */
  readonly search?: string;
}

/**
 * The stats do not depend on the search: how many customers a search matches is the list's own
 * total, counted once per request (a second count cost as much as the page itself).
 */
export interface CustomerStatsQuery {
  readonly current: TimeWindow;
  readonly previous: TimeWindow;
}

export interface CustomerStatsFigures {
  /** Sum of totalSpent over all customers. */
  readonly totalVolumeSun: Sun;
  /** Customers created in each window. */
  readonly customersCreated: { readonly current: number; readonly previous: number };
  /** completed - refunded totals of customers' orders created in each window. */
  readonly volumeSun: { readonly current: Sun; readonly previous: Sun };
}

export interface SealedSecretSample {
  readonly kind: 'wallet-key' | 'totp-secret';
  readonly keyId: string;
  readonly userId: string;
  readonly sealed: string;
}

/** A new user's email or username is in use already. */
export type UserTakenError = DomainError<'EMAIL_TAKEN' | 'USERNAME_TAKEN'>;
/** A profile change found no such user, or its username is in use by another. */
export type ProfileChangeError = DomainError<'USER_NOT_FOUND' | 'USERNAME_TAKEN'>;
/** An email change found no such user, or the address is in use by another. */
export type EmailChangeError = DomainError<'USER_NOT_FOUND' | 'EMAIL_TAKEN'>;

export interface UserStore {
  /** Email and username are unique case-insensitively: EMAIL_TAKEN / USERNAME_TAKEN. */
  insert(user: User): Promise<Result<User, UserTakenError>>;
  findById(id: string): Promise<User | null>;
  /** Case-insensitive. */
  findByEmail(email: string): Promise<User | null>;
  /** The users whose custodial wallet is one of `addresses`: one batched read on a unique index. */
  findByWalletAddresses(addresses: readonly string[]): Promise<readonly User[]>;
  /**
   * The holders of those of `addresses` that are custodial wallets, without the rest of the user:
   * the deposit scanner's lookup of every block's recipients, read from an index alone (a user's
   * row for each of a block's deposits cost the scan as much as probing all its recipients).
   */
  walletHolders(addresses: readonly string[]): Promise<readonly WalletHolder[]>;
  /** USERNAME_TAKEN when the new username is in use (case-insensitively) by another user; USER_NOT_FOUND when there is no such user. */
  updateProfile(id: string, patch: UserProfilePatch, at: Date): Promise<Result<User, ProfileChangeError>>;

  /**
   * Gives the account a new address, unconfirmed (`emailVerified` false): EMAIL_TAKEN when another
   * user has it in any case; USER_NOT_FOUND when there is no such user.
   */
  changeEmail(id: string, email: string, at: Date): Promise<Result<User, EmailChangeError>>;
  /**
   * Marks the address confirmed only while the account still has `email` (in any case), so a link
   * mailed to an older address confirms nothing; null when it no longer has it or does not exist.
   */
  markEmailVerified(id: string, email: string, at: Date): Promise<User | null>;

  /** `events` are written with the change (none when there is no such user). */
  updatePasswordHash(
    id: string,
    passwordHash: string,
    at: Date,
    events?: readonly ShopEvent[],
  ): Promise<User | null>;
  /** `events` are written with the change, only when `isActive` actually changed. */
  setActive(id: string, isActive: boolean, at: Date, events?: readonly ShopEvent[]): Promise<User | null>;
  /** `events` are written with the change (none when there is no such user). */
  recordLogin(id: string, at: Date, events?: readonly ShopEvent[]): Promise<void>;
  /** `events` are written with the change (none when there is no such user). */
  setTwoFactor(
    id: string,
    state: TwoFactorState,
    at: Date,
    events?: readonly ShopEvent[],
  ): Promise<User | null>;
  /**
   * Accepts TOTP time step `step` only if it is later than the last accepted one, atomically, so
   * one code is accepted once even when two requests race.
   */
  acceptTwoFactorStep(id: string, step: number): Promise<boolean>;
  /**
   * Replaces a sealed wallet key only if it still equals `expected` (key rotation can be re-run
   * and never overwrites a key another writer changed).
   */
  replaceWalletKey(id: string, expected: string, replacement: string): Promise<boolean>;
  /** Replaces a sealed TOTP secret only if it still equals `expected` (key rotation). */
  replaceTwoFactorSecret(id: string, expected: string, replacement: string): Promise<boolean>;
  /** Users holding a sealed TOTP secret, by id ascending, after `afterId` (for key rotation). */
  listWithTwoFactorSecrets(afterId: string | null, limit: number): Promise<readonly User[]>;
  /** Users holding a sealed wallet key, by id ascending, after `afterId` (for key rotation). */
  listWithWalletKeys(afterId: string | null, limit: number): Promise<readonly User[]>;
  /**
   * One record per master-key id in use, for wallet keys and TOTP secrets each: the key ids come
   * from the sealed values' `<keyId>:` prefix. Start-up checks each id has a configured key that
   * opens its sample.
   */
  sealedSecretSamples(): Promise<readonly SealedSecretSample[]>;
  /** The first admin by creation time: its wallet is the merchant wallet. */
  firstAdmin(): Promise<User | null>;
  /** Every admin, oldest first: the merchant alerts go to each of them. */
  listAdmins(): Promise<readonly User[]>;
  /** Customers (role `user`), newest first. */
  listCustomers(query: CustomerQuery, page: PageRequest): Promise<Page<CustomerRow>>;
  /**
   * The ids of the customers `search` matches (as `CustomerQuery.search`), newest first like
   * `listCustomers`, or null when more than `atMost` match.
   */
  customerIdsMatching(search: string, atMost: number): Promise<readonly string[] | null>;
  /** The customers among `ids` with their totals, in the order given; other ids are skipped. */
  customersByIds(ids: readonly string[]): Promise<readonly CustomerRow[]>;
  customerStats(query: CustomerStatsQuery): Promise<CustomerStatsFigures>;
  /** Every customer, newest first, read in batches: the CSV export never holds the whole table. */
  streamCustomers(): AsyncIterable<CustomerRow>;
}
