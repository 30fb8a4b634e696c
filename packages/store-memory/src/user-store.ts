import { writeOutbox } from './outbox-store.js';
import {
  type CustomerRow,
  domainError,
  err,
  isWithin,
  keyIdOfSealed,
  ok,
  type Order,
  type SealedSecretSample,
  type User,
  type UserStore,
} from '@trx-shop/domain';
import { containsText, newestFirst, pageFrom, type Tables } from './tables.js';
import { moveVersion } from './version-store.js';

const caseKey = (text: string): string => text.toLowerCase();

/** The specification's totalSpent: completed totals minus refunded totals. */
const signedTotal = (order: Order): number =>
  order.status === 'completed' ? order.totalSun : order.status === 'refunded' ? -order.totalSun : 0;

export const createMemoryUserStore = ({
  users,
  orders,
  outbox,
  versions,
}: Pick<Tables, 'users' | 'orders' | 'outbox' | 'versions'>): UserStore => {
  const taken = (field: 'email' | 'username', value: string, exceptId: string | null) =>
    [...users.values()].some((user) => user.id !== exceptId && caseKey(user[field]) === caseKey(value));
  const update = (id: string, change: (user: User) => User): User | null => {
    const current = users.get(id);
    if (!current) return null;
    const next = change(current);
    users.set(id, next);
    return next;
  };
  const customers = (search?: string) =>
    [...users.values()]
      .filter((user) => user.role === 'user')
      .filter((user) => !search || containsText(user.username, search) || containsText(user.email, search))
      .sort(newestFirst);
  const spentBy = (userId: string): number => {
    let sum = 0;
    for (const order of orders.values()) if (order.userId === userId) sum += signedTotal(order);
    return sum;
  };
  const row = (user: User): CustomerRow => ({ user, totalSpentSun: spentBy(user.id) });

  return {
    async insert(user) {
      if (taken('email', user.email, null))
        return err(domainError('EMAIL_TAKEN', 'Email already registered'));
      if (taken('username', user.username, null))
        return err(domainError('USERNAME_TAKEN', 'Username already exists'));
      users.set(user.id, user);
      moveVersion(versions, { kind: 'customer-search' });
      if (user.wallet.address !== null) moveVersion(versions, { kind: 'wallet-holders' });
      return ok(user);
    },

    async findById(id) {
      return users.get(id) ?? null;
    },

    async findByWalletAddresses(addresses) {
      const wanted = new Set(addresses);
      return [...users.values()].filter(
        (user) => user.wallet.address !== null && wanted.has(user.wallet.address),
      );
    },

    async walletHolders(addresses) {
      const wanted = new Set(addresses);
      return [...users.values()].flatMap((user) =>
        user.wallet.address !== null && wanted.has(user.wallet.address)
          ? [{ userId: user.id, address: user.wallet.address }]
          : [],
      );
    },

    async findByEmail(email) {
      return [...users.values()].find((user) => caseKey(user.email) === caseKey(email)) ?? null;
    },

    async updateProfile(id, patch, at) {
      if (!users.has(id)) return err(domainError('USER_NOT_FOUND', 'User not found'));
      if (patch.username !== undefined && taken('username', patch.username, id)) {
        return err(domainError('USERNAME_TAKEN', 'Username already exists'));
      }
      const updated = update(id, (user) => ({
        ...user,
        ...(patch.username === undefined ? {} : { username: patch.username }),
        ...(patch.phone === undefined ? {} : { phone: patch.phone }),
        ...(patch.country === undefined ? {} : { country: patch.country }),
        ...(patch.externalWalletAddress === undefined
          ? {}
          : { wallet: { ...user.wallet, externalAddress: patch.externalWalletAddress } }),
        updatedAt: at,
      }));
      if (patch.username !== undefined) moveVersion(versions, { kind: 'customer-search' });
      return updated ? ok(updated) : err(domainError('USER_NOT_FOUND', 'User not found'));
    },

    async changeEmail(id, email, at) {
      if (!users.has(id)) return err(domainError('USER_NOT_FOUND', 'User not found'));
      if (taken('email', email, id)) return err(domainError('EMAIL_TAKEN', 'Email already registered'));
      const updated = update(id, (user) => ({ ...user, email, emailVerified: false, updatedAt: at }));
      moveVersion(versions, { kind: 'customer-search' });
      return updated ? ok(updated) : err(domainError('USER_NOT_FOUND', 'User not found'));
    },

    async markEmailVerified(id, email, at) {
      if (caseKey(users.get(id)?.email ?? '') !== caseKey(email)) return null;
      return update(id, (user) => ({ ...user, emailVerified: true, updatedAt: at }));
    },

    async updatePasswordHash(id, passwordHash, at, events) {
      const updated = update(id, (user) => ({ ...user, passwordHash, updatedAt: at }));
      if (updated) writeOutbox({ outbox }, 'user', id, events);
      return updated;
    },

    async setActive(id, isActive, at, events) {
      const changes = users.get(id)?.isActive !== isActive;
      const updated = update(id, (user) => ({ ...user, isActive, updatedAt: at }));
      if (updated && changes) writeOutbox({ outbox }, 'user', id, events);
      return updated;
    },

    async recordLogin(id, at, events) {
      if (update(id, (user) => ({ ...user, lastLogin: at }))) writeOutbox({ outbox }, 'user', id, events);
    },

    async setTwoFactor(id, state, at, events) {
      const updated = update(id, (user) => ({ ...user, twoFactor: state, updatedAt: at }));
      if (updated) writeOutbox({ outbox }, 'user', id, events);
      return updated;
    },

    async acceptTwoFactorStep(id, step) {
      const user = users.get(id);
      const last = user?.twoFactor.lastAcceptedStep ?? null;
      if (!user || (last !== null && last >= step)) return false;
      users.set(id, { ...user, twoFactor: { ...user.twoFactor, lastAcceptedStep: step } });
      return true;
    },

    async replaceWalletKey(id, expected, replacement) {
      const user = users.get(id);
      if (!user || user.wallet.encryptedPrivateKey !== expected) return false;
      users.set(id, { ...user, wallet: { ...user.wallet, encryptedPrivateKey: replacement } });
      return true;
    },

    async replaceTwoFactorSecret(id, expected, replacement) {
      const user = users.get(id);
      if (!user || user.twoFactor.encryptedSecret !== expected) return false;
      users.set(id, { ...user, twoFactor: { ...user.twoFactor, encryptedSecret: replacement } });
      return true;
    },

    async listWithTwoFactorSecrets(afterId, limit) {
      return [...users.values()]
        .filter((user) => user.twoFactor.encryptedSecret !== null && (afterId === null || user.id > afterId))
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .slice(0, limit);
    },

    async listWithWalletKeys(afterId, limit) {
      return [...users.values()]
        .filter((user) => user.wallet.encryptedPrivateKey !== null && (afterId === null || user.id > afterId))
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .slice(0, limit);
    },

    async sealedSecretSamples() {
      const samples = new Map<string, SealedSecretSample>();
      for (const user of [...users.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) {
        for (const [kind, sealed] of [
          ['wallet-key', user.wallet.encryptedPrivateKey],
          ['totp-secret', user.twoFactor.encryptedSecret],
        ] as const) {
          if (!sealed) continue;
          const keyId = keyIdOfSealed(sealed);
          if (!samples.has(`${kind}:${keyId}`))
            samples.set(`${kind}:${keyId}`, { kind, keyId, userId: user.id, sealed });
        }
      }
      return [...samples.values()];
    },

    async firstAdmin() {
      const admins = [...users.values()].filter((user) => user.role === 'admin');
      return admins.sort((a, b) => -newestFirst(a, b))[0] ?? null;
    },

    async listAdmins() {
      return [...users.values()].filter((user) => user.role === 'admin').sort((a, b) => -newestFirst(a, b));
    },

    async listCustomers(query, page) {
      return pageFrom(customers(query.search).map(row), page);
    },

    async customerIdsMatching(search, atMost) {
      const matched = customers(search);
      return matched.length > atMost ? null : matched.map((user) => user.id);
    },

    async customersByIds(ids) {
      return ids.flatMap((id) => {
        const user = users.get(id);
        return user?.role === 'user' ? [row(user)] : [];
      });
    },

    async customerStats(query) {
      const all = customers();
      const customerIds = new Set(all.map((user) => user.id));
      const volume = (window: { from: Date; to: Date }) => {
        let sum = 0;
        for (const order of orders.values()) {
          if (customerIds.has(order.userId) && isWithin(order.createdAt, window)) sum += signedTotal(order);
        }
        return sum;
      };
      let totalVolumeSun = 0;
      for (const user of all) totalVolumeSun += spentBy(user.id);
      return {
        totalVolumeSun,
        customersCreated: {
          current: all.filter((user) => isWithin(user.createdAt, query.current)).length,
          previous: all.filter((user) => isWithin(user.createdAt, query.previous)).length,
        },
        volumeSun: { current: volume(query.current), previous: volume(query.previous) },
      };
    },

    async *streamCustomers() {
      for (const user of customers()) yield row(user);
    },
  };
};
