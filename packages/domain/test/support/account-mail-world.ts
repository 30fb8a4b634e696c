import type { AccountMailDeps, PasswordHasher, User } from '@trx-shop/domain';
import { buildSession, buildUser } from '@trx-shop/store-contract';
import { createDomainWorld } from './domain-world.js';

/** Hashes that show the password they were made from: enough to see which password was set. */
export const plainHasher: PasswordHasher = {
  hash: async (password) => `hashed:${password}`,
  verify: async (hash, password) => hash === `hashed:${password}`,
};

/**
 * The mailed-token use cases' world: the domain world's memory store, vault and clock, a token
 * codec whose tokens are numbered (so a test can tell them apart) and a hash that is not the token.
 */
export const createAccountMailWorld = () => {
  const world = createDomainWorld();
  let issued = 0;
  const deps: AccountMailDeps = {
    users: world.store.users,
    sessions: world.store.sessions,
    passwords: plainHasher,
    vault: world.deps.vault,
    clock: world.deps.clock,
    ids: world.deps.ids,
    store: world.store,
    tokens: {
      newToken: () => {
        issued += 1;
        return `token-${issued}`.padEnd(43, 'x');
      },
      hash: (token) => `digest:${[...token].reverse().join('')}`,
    },
  };
  const account = async (overrides: Partial<User> = {}): Promise<User> => {
    const user = buildUser({ createdAt: world.deps.clock.now(), ...overrides });
    const inserted = await world.store.users.insert(user);
    if (!inserted.ok) throw new Error(inserted.error.code);
    return user;
  };
  const sessionOf = (userId: string) => world.store.sessions.insert(buildSession({ userId }));
  return { ...world, deps, account, sessionOf };
};
