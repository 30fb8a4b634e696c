import { randomBytes } from 'node:crypto';
import type { Scheduler, ShopStore } from '@trx-shop/domain';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { heldKeysOf, joinKeyHolders, KEY_HOLDER_TTL_MS } from '../../src/composition/key-holders.js';
import { keyIdOf } from '../../src/composition/key-vault-from-secrets.js';
import { createFakeClock, type FakeClock } from '../support/fake-clock.js';

/** Renewals are the interval scheduler's business (tested on its own); here they never come. */
const noRenewals: Scheduler = { every: () => ({ stop: async () => {} }) };

const oldKey = randomBytes(32).toString('hex');
const newKey = randomBytes(32).toString('hex');

describe('joinKeyHolders over a real SQLite store', () => {
  let store: ShopStore;
  let clock: FakeClock;
  const deps = () => ({ store, clock, scheduler: noRenewals });
  beforeEach(async () => {
    store = await openSqliteStore({ filename: ':memory:' });
    clock = createFakeClock();
  });
  afterEach(() => store.close());

  it('refuses a rotation to a key a running service cannot open, naming the service, and lists the rotation no more', async () => {
    const service = await joinKeyHolders(deps(), { id: 'svc-1', kind: 'service', ...heldKeysOf(oldKey, []) });
    expect(service.ok).toBe(true);

    const rotation = await joinKeyHolders(deps(), {
      id: 'rotation-1',
      kind: 'key-rotation',
      ...heldKeysOf(newKey, [oldKey]),
    });

    expect(rotation).toMatchObject({
      ok: false,
      conflict: { other: { id: 'svc-1' }, keyId: keyIdOf(newKey), unableToOpen: 'other' },
    });
    expect((await store.keyHolders.listLive(clock.now())).map((holder) => holder.id)).toEqual(['svc-1']);
  });

  it('lets an instance that seals with the new key join one that still seals with the old but opens both', async () => {
    await joinKeyHolders(deps(), { id: 'svc-1', kind: 'service', ...heldKeysOf(oldKey, [newKey]) });

    const restarted = await joinKeyHolders(deps(), {
      id: 'svc-2',
      kind: 'service',
      ...heldKeysOf(newKey, [oldKey]),
    });

    expect(restarted.ok).toBe(true);
  });

  it('refuses an instance that would seal with a key a running instance cannot open (a rolling restart that skipped a step)', async () => {
    await joinKeyHolders(deps(), { id: 'svc-1', kind: 'service', ...heldKeysOf(oldKey, []) });

    const restarted = await joinKeyHolders(deps(), {
      id: 'svc-2',
      kind: 'service',
      ...heldKeysOf(newKey, [oldKey]),
    });

    expect(restarted).toMatchObject({
      ok: false,
      conflict: { other: { id: 'svc-1' }, keyId: keyIdOf(newKey), unableToOpen: 'other' },
    });
  });

  it('refuses an instance that cannot open what a running rotation seals with', async () => {
    await joinKeyHolders(deps(), { id: 'rotation-1', kind: 'key-rotation', ...heldKeysOf(newKey, [oldKey]) });

    const starting = await joinKeyHolders(deps(), {
      id: 'svc-1',
      kind: 'service',
      ...heldKeysOf(oldKey, []),
    });

    expect(starting).toMatchObject({
      ok: false,
      conflict: { other: { id: 'rotation-1' }, keyId: keyIdOf(newKey), unableToOpen: 'self' },
    });
  });

  it('counts a holder that stopped renewing until its announcement expires, and one that left not at all', async () => {
    await joinKeyHolders(deps(), { id: 'killed', kind: 'service', ...heldKeysOf(oldKey, []) });
    const left = await joinKeyHolders(deps(), { id: 'stopped', kind: 'service', ...heldKeysOf(oldKey, []) });
    if (!left.ok) throw new Error('the second instance should have joined');
    await left.membership.leave();
    const rotation = { id: 'rotation-1', kind: 'key-rotation', ...heldKeysOf(newKey, [oldKey]) } as const;

    clock.advance(KEY_HOLDER_TTL_MS - 1);
    expect(await joinKeyHolders(deps(), rotation)).toMatchObject({
      ok: false,
      conflict: { other: { id: 'killed' } },
    });
    clock.advance(1);
    expect((await joinKeyHolders(deps(), rotation)).ok).toBe(true);
  });
});
