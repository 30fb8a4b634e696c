import { BUILDER_NOW, buildUser } from '@trx-shop/store-contract';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openMongoStore } from '../src/index.js';
import { trigramsOf } from '../src/search-grams.js';
import { describeWithMongo } from './support/mongo-test-env.js';
import { openStoreWithRawAccess, type StoreWithRawAccess } from './support/raw-database.js';

/*
 * The customer search's trigram fields on user documents (the contract suite checks the answers
 * against a scan; these check what is stored). mongo-java-server ignores the non-unique
 * multikey indexes, so here they change nothing but speed on a real MongoDB.
 */
describeWithMongo('customer search trigrams on user documents', (uri) => {
  let env: StoreWithRawAccess;
  beforeEach(async () => {
    env = await openStoreWithRawAccess(uri, 'grams');
  });
  afterEach(async () => {
    await env.dispose();
  });

  const storedGrams = async (id: string) =>
    env.db
      .collection<{ _id: string; usernameGrams?: string[]; emailGrams?: string[] }>('users')
      .findOne({ _id: id }, { projection: { _id: 0, usernameGrams: 1, emailGrams: 1 } });

  it('counts trigrams in code points and keeps each once', () => {
    expect(trigramsOf('ab')).toEqual([]);
    expect(trigramsOf('é😀')).toEqual([]);
    expect(trigramsOf('é😀y')).toEqual(['é😀y']);
    expect(trigramsOf('aaaa')).toEqual(['aaa']);
    expect(trigramsOf('abcab')).toEqual(['abc', 'bca', 'cab']);
  });

  it('stores the trigrams of both keys and moves the username ones with a rename', async () => {
    const user = buildUser({ username: 'MiXeD_Name', email: 'Some.One@Example.COM' });
    await env.store.users.insert(user);
    expect(await storedGrams(user.id)).toEqual({
      usernameGrams: trigramsOf('mixed_name'),
      emailGrams: trigramsOf('some.one@example.com'),
    });
    await env.store.users.updateProfile(user.id, { username: 'Renamed😀' }, BUILDER_NOW);
    expect(await storedGrams(user.id)).toEqual({
      usernameGrams: trigramsOf('renamed😀'),
      emailGrams: trigramsOf('some.one@example.com'),
    });
    await env.store.users.updateProfile(user.id, { phone: '+1 555 0100' }, BUILDER_NOW);
    expect((await storedGrams(user.id))?.usernameGrams).toEqual(trigramsOf('renamed😀'));
    // The domain record read back carries none of the adapter's fields.
    expect(await env.store.users.findById(user.id)).toEqual({
      ...user,
      username: 'Renamed😀',
      phone: '+1 555 0100',
      updatedAt: BUILDER_NOW,
    });
  });

  it('gives users stored before the trigrams theirs at start-up, and the search finds them', async () => {
    const users = env.db.collection<Record<string, unknown>>('users');
    const old = [
      buildUser({ username: 'LegacyLad', email: 'Legacy.Lad@Example.COM' }),
      buildUser({ username: 'ΣΟΦΟΣ_old', email: 'sofos@example.gr' }),
    ];
    for (const user of old) {
      const { id, ...fields } = user;
      await users.insertOne({
        _id: id,
        ...fields,
        emailKey: user.email.toLowerCase(),
        usernameKey: user.username.toLowerCase(),
        walletAddressKey: user.wallet.address,
      } as Record<string, unknown>);
    }
    expect(await storedGrams(old[0]?.id ?? '')).toEqual({});
    const reopened = await openMongoStore({ uri, dbName: env.dbName });
    try {
      for (const user of old) {
        expect(await storedGrams(user.id)).toEqual({
          usernameGrams: trigramsOf(user.username.toLowerCase()),
          emailGrams: trigramsOf(user.email.toLowerCase()),
        });
      }
      const found = await reopened.users.listCustomers({ search: 'ACY.LAD@' }, { limit: 10, page: 1 });
      expect(found.items.map((row) => row.user.id)).toEqual([old[0]?.id]);
      const greek = await reopened.users.listCustomers({ search: 'σοφος_' }, { limit: 10, page: 1 });
      expect(greek.items.map((row) => row.user.id)).toEqual([old[1]?.id]);
    } finally {
      await reopened.close();
    }
  });
});
