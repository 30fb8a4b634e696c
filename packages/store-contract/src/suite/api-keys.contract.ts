import { API_KEY_SCOPES, type ApiKey, NO_SUBJECTS } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { buildApiKey } from '../builders/api-key.builder.js';
import { buildEventActor, buildShopEvent } from '../builders/event.builder.js';
import { BUILDER_NOW } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import type { ContractHarness } from '../harness.js';
import { handedOn } from './handed-on.js';
import { useFreshStore } from './use-store.js';

const RACE_TIMEOUT_MS = 120_000;
/** Odd milliseconds on purpose: every stored date must come back to the millisecond. */
const at = (ms: number) => new Date(BUILDER_NOW.getTime() + 123 + ms);

/** An admin's audit event of a key, as the use cases write it with the key's write. */
const keyEvent = (type: 'api_key.created' | 'api_key.revoked', key: ApiKey, ms = 0) =>
  buildShopEvent({
    type,
    occurredAt: at(ms),
    subjects: NO_SUBJECTS,
    payload: { apiKeyId: key.id, name: key.name },
    actor: buildEventActor(),
  });

/** API keys, in the store so a revocation holds on every instance at the next request (docs/api.md, "API keys"). */
export const describeApiKeyContract = (harness: ContractHarness): void => {
  describe('API keys', () => {
    const store = useFreshStore(harness);

    it('stores keys exactly and finds them by hash and by id; null for unknown ones', async () => {
      const apiKeys = store().apiKeys;
      const fresh = buildApiKey({ createdAt: at(0) });
      // Every field set, the scopes in an order of their own: all of it must come back as stored.
      const used = buildApiKey({
        name: 'Warehouse sync — "nightly"',
        scopes: [...API_KEY_SCOPES].reverse(),
        createdAt: at(1_000),
        expiresAt: at(30 * 86_400_000),
        revokedAt: at(2_001),
        lastUsedAt: at(1_999),
      });
      const scopeless = buildApiKey({ scopes: [], createdAt: at(2_000) });
      for (const key of [fresh, used, scopeless]) expect(await apiKeys.insert(key)).toEqual(key);
      for (const key of [fresh, used, scopeless]) {
        expect(await apiKeys.findByHash(key.hash)).toEqual(key);
        expect(await apiKeys.findById(key.id)).toEqual(key);
      }
      expect(await apiKeys.findByHash(buildApiKey().hash)).toBeNull();
      expect(await apiKeys.findByHash(fresh.hash.toUpperCase())).toBeNull();
      expect(await apiKeys.findById(newObjectId())).toBeNull();
    });

    it('refuses a second key with the hash or the id of a stored one, and keeps the first', async () => {
      const apiKeys = store().apiKeys;
      const first = buildApiKey({ createdAt: at(0) });
      await apiKeys.insert(first);
      const sameHash = buildApiKey({ hash: first.hash, name: 'Copy', createdAt: at(1_000) });
      await expect(apiKeys.insert(sameHash)).rejects.toThrow();
      const sameId = buildApiKey({ id: first.id, name: 'Clash', createdAt: at(2_000) });
      await expect(apiKeys.insert(sameId)).rejects.toThrow();
      expect(await apiKeys.findById(first.id)).toEqual(first);
      expect(await apiKeys.findByHash(first.hash)).toEqual(first);
      expect(await apiKeys.findById(sameHash.id)).toBeNull();
      expect(await apiKeys.findByHash(sameId.hash)).toBeNull();
      expect(await apiKeys.list()).toEqual([first]);
    });

    it('lists every key newest first, then by id descending, revoked ones too', async () => {
      const apiKeys = store().apiKeys;
      expect(await apiKeys.list()).toEqual([]);
      const id = (last: string) => `65e1f0a0aaaaaaaaaaaaa${last}`;
      const oldest = buildApiKey({ id: id('f00'), createdAt: at(0) });
      const tiedLow = buildApiKey({ id: id('a01'), createdAt: at(5_000) });
      const tiedHigh = buildApiKey({ id: id('b02'), createdAt: at(5_000), revokedAt: at(6_000) });
      const newest = buildApiKey({ id: id('003'), createdAt: at(9_000), lastUsedAt: at(9_500) });
      for (const key of [tiedLow, oldest, newest, tiedHigh]) await apiKeys.insert(key);
      const revoked = await apiKeys.revoke(oldest.id, at(10_000));
      expect(await apiKeys.list()).toEqual([newest, tiedHigh, tiedLow, revoked]);
    });

    it('revokes a key once: a second revocation keeps the first time; null for an unknown key', async () => {
      const apiKeys = store().apiKeys;
      const key = buildApiKey({ lastUsedAt: at(500) });
      const other = buildApiKey();
      await apiKeys.insert(key);
      await apiKeys.insert(other);
      const revoked: ApiKey = { ...key, revokedAt: at(1_000) };
      expect(await apiKeys.revoke(key.id, at(1_000))).toEqual(revoked);
      expect(await apiKeys.findById(key.id)).toEqual(revoked);
      expect(await apiKeys.revoke(key.id, at(2_000))).toEqual(revoked);
      expect(await apiKeys.revoke(key.id, at(-1_000))).toEqual(revoked);
      expect(await apiKeys.findByHash(key.hash)).toEqual(revoked);
      expect(await apiKeys.findById(other.id)).toEqual(other);
      expect(await apiKeys.revoke(newObjectId(), at(1_000))).toBeNull();
    });

    it("writes a key's events with it, and none of a key that is refused", async () => {
      const apiKeys = store().apiKeys;
      const key = buildApiKey({ createdAt: at(0) });
      const created = keyEvent('api_key.created', key);
      expect(await apiKeys.insert(key, [created])).toEqual(key);
      const sameHash = buildApiKey({ hash: key.hash, createdAt: at(1_000) });
      await expect(
        apiKeys.insert(sameHash, [keyEvent('api_key.created', sameHash, 1_000)]),
      ).rejects.toThrow();
      const sameId = buildApiKey({ id: key.id, createdAt: at(2_000) });
      await expect(apiKeys.insert(sameId, [keyEvent('api_key.created', sameId, 2_000)])).rejects.toThrow();
      expect(await handedOn(store())).toEqual([created]);
      // The outbox is the relay's: the key reads back as it was given.
      expect(await apiKeys.findById(key.id)).toEqual(key);
      expect(await apiKeys.list()).toEqual([key]);
    });

    it("writes a revocation's events only with the write that revokes the key", async () => {
      const apiKeys = store().apiKeys;
      const key = buildApiKey({ createdAt: at(0) });
      await apiKeys.insert(key);
      const revoked = keyEvent('api_key.revoked', key, 1_000);
      expect(await apiKeys.revoke(key.id, at(1_000), [revoked])).toEqual({ ...key, revokedAt: at(1_000) });
      expect(await apiKeys.revoke(key.id, at(2_000), [keyEvent('api_key.revoked', key, 2_000)])).toEqual({
        ...key,
        revokedAt: at(1_000),
      });
      const unknown = buildApiKey();
      expect(
        await apiKeys.revoke(unknown.id, at(3_000), [keyEvent('api_key.revoked', unknown, 3_000)]),
      ).toBeNull();
      expect(await handedOn(store())).toEqual([revoked]);
      expect(await apiKeys.findById(key.id)).toEqual({ ...key, revokedAt: at(1_000) });
    });

    it('moves lastUsedAt only forward; touching an unknown key changes nothing', async () => {
      const apiKeys = store().apiKeys;
      const key = buildApiKey();
      const other = buildApiKey();
      await apiKeys.insert(key);
      await apiKeys.insert(other);
      await apiKeys.touch(key.id, at(5_000));
      expect(await apiKeys.findById(key.id)).toEqual({ ...key, lastUsedAt: at(5_000) });
      await apiKeys.touch(key.id, at(3_000));
      expect(await apiKeys.findById(key.id)).toEqual({ ...key, lastUsedAt: at(5_000) });
      await apiKeys.touch(key.id, at(5_000));
      expect(await apiKeys.findById(key.id)).toEqual({ ...key, lastUsedAt: at(5_000) });
      await apiKeys.touch(key.id, at(5_001));
      expect(await apiKeys.findByHash(key.hash)).toEqual({ ...key, lastUsedAt: at(5_001) });
      await apiKeys.touch(newObjectId(), at(9_000));
      expect(await apiKeys.findById(other.id)).toEqual(other);
      expect(await apiKeys.list()).toHaveLength(2);
    });

    it(
      'keeps the latest of 10 concurrent uses from separate connections',
      async () => {
        const key = buildApiKey();
        await store().apiKeys.insert(key);
        // The latest is neither first nor last, so no arrival order alone leaves it.
        const seconds = [3, 7, 1, 9, 0, 5, 8, 2, 6, 4];
        await harness.race(
          store(),
          'touchApiKey',
          seconds.map((second) => ({ id: key.id, at: at(second * 1_000) })),
        );
        expect(await store().apiKeys.findById(key.id)).toEqual({ ...key, lastUsedAt: at(9_000) });
      },
      RACE_TIMEOUT_MS,
    );

    it(
      'leaves one revocation time and its one event when 2 revocations race, and both answer it',
      async () => {
        const key = buildApiKey();
        await store().apiKeys.insert(key);
        const events = [
          keyEvent('api_key.revoked', key, 1_000),
          keyEvent('api_key.revoked', key, 2_000),
        ] as const;
        const answers = await harness.race(store(), 'revokeApiKey', [
          { id: key.id, at: at(1_000), events: [events[0]] },
          { id: key.id, at: at(2_000), events: [events[1]] },
        ]);
        const stored = await store().apiKeys.findById(key.id);
        expect([at(1_000), at(2_000)]).toContainEqual(stored?.revokedAt);
        expect(stored).toEqual({ ...key, revokedAt: stored?.revokedAt });
        expect(answers).toEqual([stored?.revokedAt, stored?.revokedAt]);
        // The winner's event, alone: the one written at the time that stands.
        const winner = stored?.revokedAt?.getTime() === at(1_000).getTime() ? events[0] : events[1];
        expect(await handedOn(store())).toEqual([winner]);
      },
      RACE_TIMEOUT_MS,
    );
  });
};
