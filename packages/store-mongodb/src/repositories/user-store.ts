import {
  keyIdOfSealed,
  type SealedSecretSample,
  type ShopEvent,
  type DomainError,
  domainError,
  err,
  ok,
  type Result,
  type TwoFactorState,
  type User,
  type UserProfilePatch,
  type UserStore,
} from '@trx-shop/domain';
import type { MatchKeysAndValues } from 'mongodb';
import type { ShopCollections } from '../collections.js';
import type { UserDocument } from '../documents.js';
import { isDuplicateKey } from '../duplicate-key.js';
import { INDEX } from '../indexes.js';
import { emailKeyOf, userFromDocument, userToDocument, usernameFieldsOf } from '../mapping.js';
import { trigramsOf } from '../search-grams.js';
import type { CustomerQueries } from './mongo-customer-queries.js';
import { withEvents } from './outbox-writes.js';
import { customerSearchMarks, versionIdOf, walletHolderMarks } from './version-store.js';

const takenError = (error: unknown): DomainError<'EMAIL_TAKEN' | 'USERNAME_TAKEN'> | null => {
  if (isDuplicateKey(error, INDEX.userEmail)) return domainError('EMAIL_TAKEN', 'Email already registered');
  if (isDuplicateKey(error, INDEX.userUsername))
    return domainError('USERNAME_TAKEN', 'Username already exists');
  return null;
};

const CUSTOMER_SEARCH = versionIdOf({ kind: 'customer-search' });
const WALLET_HOLDERS = versionIdOf({ kind: 'wallet-holders' });

export const createMongoUserStore = (
  { users, versions }: Pick<ShopCollections, 'users' | 'versions'>,
  customers: CustomerQueries,
): UserStore => {
  const findById = async (id: string): Promise<User | null> => {
    const document = await users.findOne({ _id: id });
    return document ? userFromDocument(document) : null;
  };

  // A new user or a changed email can match a customer search; only a wallet gives an address a
  // holder (no write changes a role or a custodial address later, and none deletes a user).
  const search = customerSearchMarks({ users, versions });
  const holders = walletHolderMarks({ users, versions });

  // Writes here are not contended, so the answer is a read-back by _id rather than a
  // findOneAndUpdate post-image (which mongo-java-server may serve from another write).
  const setFields = async (
    id: string,
    fields: MatchKeysAndValues<UserDocument>,
    events?: readonly ShopEvent[],
  ): Promise<User | null> => {
    const result = await users.updateOne({ _id: id }, withEvents({ $set: fields }, events));
    return result.matchedCount === 0 ? null : findById(id);
  };

  return {
    async insert(user) {
      const searchMark = search.markFields();
      const holderMark = user.wallet.address === null ? null : holders.markFields();
      try {
        await users.insertOne({ ...userToDocument(user), ...searchMark, ...holderMark });
      } catch (error) {
        const taken = takenError(error);
        if (taken) return err(taken);
        throw error;
      }
      await search.settle(CUSTOMER_SEARCH, user.id, search.markOf(searchMark));
      if (holderMark) await holders.settle(WALLET_HOLDERS, user.id, holders.markOf(holderMark));
      return ok(user);
    },

    findById,

    async findByWalletAddresses(addresses) {
      if (addresses.length === 0) return [];
      const documents = await users.find({ walletAddressKey: { $in: [...addresses] } }).toArray();
      return documents.map(userFromDocument);
    },

    async walletHolders(addresses) {
      if (addresses.length === 0) return [];
      // Covered by users_wallet_holders: MongoDB's planner ranks a plan that fetches no document
      // above one that does, so no hint is needed.
      const holders = await users
        .find({ walletAddressKey: { $in: [...addresses] } }, { projection: { _id: 1, walletAddressKey: 1 } })
        .toArray();
      return holders.map((holder) => ({ userId: holder._id, address: holder.walletAddressKey }));
    },

    async findByEmail(email) {
      const document = await users.findOne({ emailKey: emailKeyOf(email) });
      return document ? userFromDocument(document) : null;
    },

    async updateProfile(
      id,
      patch: UserProfilePatch,
      at,
    ): Promise<Result<User, DomainError<'USER_NOT_FOUND' | 'USERNAME_TAKEN'>>> {
      const searchMark = patch.username === undefined ? null : search.markFields();
      const fields: MatchKeysAndValues<UserDocument> = {
        updatedAt: at,
        ...(patch.username === undefined
          ? {}
          : { username: patch.username, ...usernameFieldsOf(patch.username), ...searchMark }),
        ...(patch.phone === undefined ? {} : { phone: patch.phone }),
        ...(patch.country === undefined ? {} : { country: patch.country }),
        ...(patch.externalWalletAddress === undefined
          ? {}
          : { 'wallet.externalAddress': patch.externalWalletAddress }),
      };
      try {
        const user = await setFields(id, fields);
        if (user && searchMark) await search.settle(CUSTOMER_SEARCH, id, search.markOf(searchMark));
        return user ? ok(user) : err(domainError('USER_NOT_FOUND', 'User not found'));
      } catch (error) {
        // A profile change never touches the email, so only the username index can refuse it.
        if (isDuplicateKey(error, INDEX.userUsername))
          return err(domainError('USERNAME_TAKEN', 'Username already exists'));
        throw error;
      }
    },

    async changeEmail(id, email, at) {
      const searchMark = search.markFields();
      const emailKey = emailKeyOf(email);
      try {
        const user = await setFields(id, {
          email,
          emailKey,
          emailGrams: trigramsOf(emailKey),
          emailVerified: false,
          updatedAt: at,
          ...searchMark,
        });
        if (!user) return err(domainError('USER_NOT_FOUND', 'User not found'));
        await search.settle(CUSTOMER_SEARCH, id, search.markOf(searchMark));
        return ok(user);
      } catch (error) {
        if (isDuplicateKey(error, INDEX.userEmail))
          return err(domainError('EMAIL_TAKEN', 'Email already registered'));
        throw error;
      }
    },

    async markEmailVerified(id, email, at) {
      const result = await users.updateOne(
        { _id: id, emailKey: emailKeyOf(email) },
        { $set: { emailVerified: true, updatedAt: at } },
      );
      return result.matchedCount === 0 ? null : findById(id);
    },

    updatePasswordHash: (id, passwordHash, at, events) =>
      setFields(id, { passwordHash, updatedAt: at }, events),

    async setActive(id, isActive, at, events) {
      // Its events ride only on the write that flips the flag: a repeat writes none.
      const flipped = await users.updateOne(
        { _id: id, isActive: { $ne: isActive } },
        withEvents({ $set: { isActive, updatedAt: at } }, events),
      );
      if (flipped.matchedCount === 1) return findById(id);
      // The flag already held (or the user is gone: null). Only `updatedAt` moves, never the
      // flag, so no flip ever lands without its events.
      return setFields(id, { updatedAt: at });
    },

    async recordLogin(id, at, events) {
      await users.updateOne({ _id: id }, withEvents({ $set: { lastLogin: at } }, events));
    },

    setTwoFactor: (id, state: TwoFactorState, at, events) =>
      setFields(id, { twoFactor: { ...state }, updatedAt: at }, events),

    async acceptTwoFactorStep(id, step) {
      // One guarded write: of two requests presenting the same code, only one matches.
      const result = await users.updateOne(
        {
          _id: id,
          $or: [{ 'twoFactor.lastAcceptedStep': null }, { 'twoFactor.lastAcceptedStep': { $lt: step } }],
        },
        { $set: { 'twoFactor.lastAcceptedStep': step } },
      );
      return result.matchedCount === 1;
    },

    async replaceWalletKey(id, expected, replacement) {
      const result = await users.updateOne(
        { _id: id, 'wallet.encryptedPrivateKey': expected },
        { $set: { 'wallet.encryptedPrivateKey': replacement } },
      );
      return result.matchedCount === 1;
    },

    async replaceTwoFactorSecret(id, expected, replacement) {
      const result = await users.updateOne(
        { _id: id, 'twoFactor.encryptedSecret': expected },
        { $set: { 'twoFactor.encryptedSecret': replacement } },
      );
      return result.matchedCount === 1;
    },

    async listWithTwoFactorSecrets(afterId, limit) {
      const documents = await users
        .find({
          'twoFactor.encryptedSecret': { $ne: null },
          ...(afterId === null ? {} : { _id: { $gt: afterId } }),
        })
        .sort({ _id: 1 })
        .limit(limit)
        .toArray();
      return documents.map(userFromDocument);
    },

    async listWithWalletKeys(afterId, limit) {
      const documents = await users
        .find({
          'wallet.encryptedPrivateKey': { $ne: null },
          ...(afterId === null ? {} : { _id: { $gt: afterId } }),
        })
        .sort({ _id: 1 })
        .limit(limit)
        .toArray();
      return documents.map(userFromDocument);
    },

    async sealedSecretSamples() {
      // A projected walk in _id order (the stand-in has no reliable $split for a $group): light,
      // once per start, and the first record per key id is kept.
      const samples = new Map<string, SealedSecretSample>();
      const cursor = users
        .find(
          {
            $or: [
              { 'wallet.encryptedPrivateKey': { $type: 'string' } },
              { 'twoFactor.encryptedSecret': { $type: 'string' } },
            ],
          },
          { projection: { 'wallet.encryptedPrivateKey': 1, 'twoFactor.encryptedSecret': 1 } },
        )
        .sort({ _id: 1 });
      for await (const document of cursor) {
        for (const [kind, sealed] of [
          ['wallet-key', document.wallet?.encryptedPrivateKey],
          ['totp-secret', document.twoFactor?.encryptedSecret],
        ] as const) {
          if (!sealed) continue;
          const keyId = keyIdOfSealed(sealed);
          if (!samples.has(`${kind}:${keyId}`))
            samples.set(`${kind}:${keyId}`, { kind, keyId, userId: document._id, sealed });
        }
      }
      return [...samples.values()];
    },

    async firstAdmin() {
      const [document] = await users
        .find({ role: 'admin' })
        .sort({ createdAt: 1, _id: 1 })
        .limit(1)
        .toArray();
      return document ? userFromDocument(document) : null;
    },

    async listAdmins() {
      const documents = await users.find({ role: 'admin' }).sort({ createdAt: 1, _id: 1 }).toArray();
      return documents.map(userFromDocument);
    },

    listCustomers: (query, page) => customers.list(query, page),
    customerIdsMatching: (search, atMost) => customers.idsMatching(search, atMost),
    customersByIds: (ids) => customers.byIds(ids),
    customerStats: (query) => customers.stats(query),
    streamCustomers: () => customers.stream(),
  };
};
