import type { ShopStore, User, UserStore, WalletHolder } from '@trx-shop/domain';
import { buildUser } from '@trx-shop/store-contract';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { withUnheldAddresses } from '../../src/caching/unheld-addresses.js';

/*
 * The addresses found held by no one, over a real SQLite store: the version is a counter the test
 * moves, standing for the store's wallet holders version, which every write giving an address a
 * holder moves.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const address = (n: number) => `T${String(n).padStart(33, 'k')}`;

const withWallet = (at: string): User => {
  const user = buildUser();
  return { ...user, wallet: { ...user.wallet, address: at } };
};

const holderOf = (user: User): WalletHolder => ({ userId: user.id, address: user.wallet.address ?? '' });

type Lookup = UserStore['walletHolders'];

/** A real store's lookups, each batch the decorator asks recorded; `around` may wrap each. */
const openLookups = async (options: { max?: number; around?: (lookup: Lookup) => Lookup } = {}) => {
  const store: ShopStore = await openSqliteStore({ filename: ':memory:' });
  cleanups.push(() => store.close());
  const asked: (readonly string[])[] = [];
  const recorded: Lookup = (addresses) => {
    asked.push(addresses);
    return store.users.walletHolders(addresses);
  };
  const version = { value: 0 };
  const users = withUnheldAddresses(
    { walletHolders: options.around ? options.around(recorded) : recorded },
    { version: async () => String(version.value), ...(options.max ? { max: options.max } : {}) },
  );
  const insert = async (user: User) => expect((await store.users.insert(user)).ok).toBe(true);
  return { users, asked, version, insert };
};

describe('withUnheldAddresses over a real SQLite store', () => {
  it('asks the store only for addresses not already found unheld, and always for holders', async () => {
    const { users, asked, insert } = await openLookups();
    const holder = withWallet(address(10));
    await insert(holder);
    const all = [address(10), address(11), address(12)];

    expect(await users.walletHolders(all)).toEqual([holderOf(holder)]);
    expect(await users.walletHolders([address(11), address(12)])).toEqual([]);
    expect(await users.walletHolders(all)).toEqual([holderOf(holder)]);
    expect(asked).toEqual([all, [address(10)]]);
  });

  it('finds a new holder of an address found unheld in the next lookup once the version moves', async () => {
    const { users, asked, version, insert } = await openLookups();
    const all = [address(20), address(21)];
    expect(await users.walletHolders(all)).toEqual([]);

    const holder = withWallet(address(20));
    await insert(holder);
    // The version stands for the store's: until it moves, the remembered answer stands.
    expect(await users.walletHolders(all)).toEqual([]);
    version.value += 1;

    expect(await users.walletHolders(all)).toEqual([holderOf(holder)]);
    expect(asked).toEqual([all, all]);
  });

  it('reads the version before the lookup, so a holder given right after it is found next time', async () => {
    const late = withWallet(address(30));
    let insertLate: (() => Promise<void>) | undefined;
    const { users, version, insert } = await openLookups({
      around: (lookup) => async (addresses) => {
        const holders = await lookup(addresses);
        // A holder given between the lookup and its filing moves the version.
        if (insertLate) {
          await insertLate();
          insertLate = undefined;
          version.value += 1;
        }
        return holders;
      },
    });
    insertLate = () => insert(late);

    expect(await users.walletHolders([address(30)])).toEqual([]);
    expect(await users.walletHolders([address(30)])).toEqual([holderOf(late)]);
  });

  it('keeps nothing from a lookup that began before a concurrent one saw a newer version', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = true;
    const { users, asked, version } = await openLookups({
      around: (lookup) => async (addresses) => {
        const holders = await lookup(addresses);
        if (held) {
          held = false;
          await gate;
        }
        return holders;
      },
    });
    const older = users.walletHolders([address(40)]);
    version.value += 1;
    expect(await users.walletHolders([address(41)])).toEqual([]);
    release();
    expect(await older).toEqual([]);

    expect(await users.walletHolders([address(40), address(41)])).toEqual([]);
    expect(asked).toEqual([[address(40)], [address(41)], [address(40)]]);
  });

  it('remembers at most max addresses, forgetting the least recently asked', async () => {
    const { users, asked } = await openLookups({ max: 2 });
    const [a, b, c] = [address(50), address(51), address(52)];

    await users.walletHolders([a, b, c]); // kept: b, c
    await users.walletHolders([b, c, a]); // a looked up again and kept: c, a
    await users.walletHolders([b]);

    expect(asked).toEqual([[a, b, c], [a], [b]]);
  });
});
