import type { ShopStore, User } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildUser } from '../builders/user.builder.js';
import { type SeededRandom, seededRandom } from '../data-set/seeded-random.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

/**
 * The customer search's specification, checked against a plain scan written here: a customer
 * (role `user`) matches when `toLowerCase()` of its username or email `includes()` the
 * `toLowerCase()` of the search, literally (no character is a wildcard), newest first. Stores
 * may use an index for it (trigrams: a needle of 3 characters or more), so the checks cover
 * needles on both sides of that length, counted in UTF-16 units and in code points alike.
 */

/** `CUSTOMER_SEARCH_SEED=<n>` repeats a run of the random check; `random` picks a new seed. */
const seedOf = (value: string | undefined): number => {
  if (value === undefined || value === '') return 20_260_623;
  if (value === 'random') return Math.floor(Math.random() * 2 ** 32);
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`CUSTOMER_SEARCH_SEED is not an integer: ${value}`);
  return seed;
};

/** Larger than any test's customer count: one page holds every match. */
const ALL = { limit: 1_000, page: 1 } as const;

const newestFirst = (a: User, b: User): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The specified search, as a scan. */
export const scannedCustomerIds = (users: readonly User[], search: string): string[] => {
  const needle = search.toLowerCase();
  return users
    .filter(
      (user) =>
        user.role === 'user' &&
        (user.username.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle)),
    )
    .sort(newestFirst)
    .map((user) => user.id);
};

/**
 * The listed ids and the page total equal the scan's; so do the matching ids when at most that
 * many are allowed, and one fewer allowed answers null.
 */
const expectSearchLikeScan = async (
  store: ShopStore,
  users: readonly User[],
  search: string,
  context: string,
): Promise<void> => {
  const expected = scannedCustomerIds(users, search);
  const label = `${context}, search ${JSON.stringify(search)}`;
  const page = await store.users.listCustomers({ search }, ALL);
  expect(
    page.items.map((row) => row.user.id),
    label,
  ).toEqual(expected);
  expect(page.total, label).toBe(expected.length);
  expect(await store.users.customerIdsMatching(search, expected.length), label).toEqual(expected);
  if (expected.length > 0) {
    expect(await store.users.customerIdsMatching(search, expected.length - 1), label).toBeNull();
  }
};

/**
 * What names are made of: ASCII letters in both cases and digits, every regex / LIKE / FTS5
 * metacharacter, spaces, and characters whose case mapping is not one to one: `ß` (upper `SS`),
 * `İ` (lower `i̇`, two code units), final sigma (`Σ` lowers to `ς` at a word's end, else `σ`), the
 * Kelvin sign (lowers to `k`), long s, a ligature, emoji (two code units; one with a modifier).
 */
const PIECES: readonly string[] = [
  ...'aAbBcCxXyYzZ0189',
  ...'aabbxx',
  ...`%_.*()[]\\"'+?^$|{}:-`,
  ' ',
  ...['é', 'É', 'ß', 'ẞ', 'İ', 'ı', 'Σ', 'σ', 'ς', '\u212A', 'ſ', 'ﬃ', '😀', '👍🏽'],
];
const DOMAINS = ['Example.COM', 'mail.test', 'ΣΑΣ.gr', 'straße.de', 'a"b.io', '😀.x'];

const randomText = (random: SeededRandom, min: number, max: number): string =>
  Array.from({ length: random.integer(min, max) }, () => random.pick(PIECES)).join('');

/** Upper- or lower-cases each character at random (`ß` may become `SS`: the length can change). */
const changeCase = (random: SeededRandom, text: string): string =>
  [...text]
    .map((character) => {
      const roll = random.integer(0, 2);
      return roll === 0 ? character : roll === 1 ? character.toUpperCase() : character.toLowerCase();
    })
    .join('');

/** 0 to 6 code points: a piece of a stored username or email in changed case, or random text. */
const randomNeedle = (random: SeededRandom, users: readonly User[]): string => {
  if (users.length === 0 || random.chance(0.4)) return randomText(random, 0, 6);
  const user = random.pick(users);
  const source = [...(random.chance(0.5) ? user.username : user.email)];
  const length = random.integer(1, 6);
  const start = random.integer(0, Math.max(0, source.length - length));
  const piece = source.slice(start, start + length).join('');
  const form = random.integer(0, 3);
  return form === 0
    ? piece
    : form === 1
      ? piece.toUpperCase()
      : form === 2
        ? piece.toLowerCase()
        : changeCase(random, piece);
};

/** Inserts `wanted` random users; those refused as taken (case-insensitive duplicates) are left out. */
const insertRandomUsers = async (store: ShopStore, random: SeededRandom, wanted: number): Promise<User[]> => {
  const users: User[] = [];
  for (let i = 0; i < wanted; i++) {
    // Few distinct instants: ties in createdAt are ordered by id.
    const createdAt = minutesAfter(BUILDER_NOW, -random.integer(0, 20));
    const user = buildUser({
      id: newObjectId(createdAt),
      username: randomText(random, 1, 10),
      email: `${randomText(random, 1, 8)}@${random.pick(DOMAINS)}`,
      role: random.chance(0.15) ? 'admin' : 'user',
      createdAt,
      updatedAt: createdAt,
    });
    const inserted = await store.users.insert(user);
    if (inserted.ok) users.push(user);
  }
  return users;
};

export const describeCustomerSearchContract = (harness: ContractHarness): void => {
  describe('customer search: a literal, case-insensitive substring of username or email', () => {
    const store = useFreshStore(harness);

    it('answers exactly what a scan answers, for random names and needles of 0 to 6 characters', async () => {
      const seed = seedOf(process.env.CUSTOMER_SEARCH_SEED);
      const context = `seed ${seed} (CUSTOMER_SEARCH_SEED=${seed} repeats this run)`;
      const random = seededRandom(seed);
      const users = await insertRandomUsers(store(), random, 120);
      expect(users.length, context).toBeGreaterThan(100);
      for (let i = 0; i < 250; i++) {
        await expectSearchLikeScan(store(), users, randomNeedle(random, users), context);
      }
    }, 120_000);

    it('takes every character literally and counts a needle in code points, not UTF-16 units', async () => {
      const names: readonly [string, string][] = [
        ['Quote"Me', "o'hara+tag@Example.COM"],
        ['50%_off*', 'back\\slash@mail.test'],
        ['NEAR(a b) AND x', 'col:val-^neg@mail.test'],
        ['StraßeFan', 'STRASSE@straße.de'],
        ['İstanbulLu', 'ıi@mail.test'],
        ['ΣΟΦΟΣ', 'σοφος@ΣΑΣ.gr'],
        ['emoji😀face', '👍🏽ok@😀.x'],
        ['é😀', 'ab@x.io'],
        ['a.b*c', 'a_b%c@x.io'],
        // Every trigram of 'abcd' and of 'bcdz' is here, neither as a substring.
        ['grams abc+bcd', 'zabc@bcdz.io'],
        // A NUL character ends an FTS5 query and a MongoDB pattern: it still matches literally.
        ['nul\u0000byte', 'nul\u0000@x.io'],
      ];
      const users: User[] = [];
      for (const [username, email] of names) {
        const user = buildUser({ username, email });
        expect((await store().users.insert(user)).ok, username).toBe(true);
        users.push(user);
      }
      const needles = [
        '"',
        '""',
        'e"m',
        'QUOTE"ME',
        "o'h",
        '+tag',
        '%',
        '%_',
        '0%_o',
        '*',
        '\\',
        'k\\s',
        'near(',
        'near(a',
        ') and',
        'and',
        'col:',
        ':val-^',
        '-^',
        'ße',
        'straße',
        'STRASSE',
        'ss',
        'sse@',
        'i̇stanbul',
        'İST',
        'ıi',
        'ı',
        'σ',
        'ς',
        'οφος',
        'ΟΦΟΣ',
        'φος@',
        '😀',
        'i😀',
        '😀f',
        'ji😀fa',
        '👍',
        '👍🏽o',
        'é😀',
        'É😀',
        '😀',
        'a.b',
        'a_b',
        '.b*',
        'b%c',
        'x.io',
        'abcd',
        'ABC+B',
        'bcdz',
        'abc@bcd',
        '\u0000',
        'l\u0000b',
        'NUL\u0000',
        '\u0000byte',
        'l\u0000@x',
      ];
      for (const needle of needles) await expectSearchLikeScan(store(), users, needle, 'fixed cases');
    });

    it('finds a user by a new username and no longer by the old one, and still by its email', async () => {
      const user = buildUser({ username: 'OldHandleQuux', email: 'steady.mail@Example.COM' });
      const other = buildUser({ username: 'BystanderZed', email: 'bystander@example.com' });
      await store().users.insert(user);
      await store().users.insert(other);
      const renamed = await store().users.updateProfile(
        user.id,
        { username: 'FreshHandleWobble' },
        BUILDER_NOW,
      );
      expect(renamed.ok).toBe(true);
      const now: User[] = [{ ...user, username: 'FreshHandleWobble' }, other];
      for (const search of [
        'OldHandle',
        'oldhandlequux',
        'quux',
        'Ol',
        'FreshHandle',
        'wobble',
        'hWo',
        'STEADY.MAIL',
        'z',
      ]) {
        await expectSearchLikeScan(store(), now, search, 'after a rename');
      }
      expect(
        (await store().users.listCustomers({ search: 'quux' }, ALL)).items.map((row) => row.user.id),
      ).toEqual([]);
      expect(
        (await store().users.listCustomers({ search: 'Wobble' }, ALL)).items.map((row) => row.user.id),
      ).toEqual([user.id]);

      // A profile change that leaves the username alone, then a rename that only changes its case.
      await store().users.updateProfile(user.id, { phone: '+1 555 0101' }, BUILDER_NOW);
      await store().users.updateProfile(user.id, { username: 'FRESHhandleWOBBLE' }, BUILDER_NOW);
      const recased: User[] = [{ ...user, username: 'FRESHhandleWOBBLE' }, other];
      for (const search of ['freshhandle', 'WOBBLE', 'quux', 'steady']) {
        await expectSearchLikeScan(store(), recased, search, 'after a re-case');
      }
    });
  });
};
