import { authenticateApiKey, createApiKey, relayOutbox, revokeApiKey } from '@trx-shop/domain';
import { buildUser, newObjectId } from '@trx-shop/store-contract';
import { createMemoryStore } from '@trx-shop/store-memory';
import { describe, expect, it } from 'vitest';

/*
 * API keys (docs/api.md, "API keys"): a key works within its scopes while it is neither revoked
 * nor expired and its creator is still an active admin; only its hash is stored.
 */

const world = async () => {
  const store = createMemoryStore();
  let now = new Date('2026-06-01T12:00:00.000Z');
  let counter = 0;
  const codec = {
    newKey: () => {
      counter += 1;
      return `trx_sk_${String(counter).padStart(43, 'k')}`;
    },
    hash: (key: string) => `hash:${key}`,
  };
  const admin = buildUser({ role: 'admin' });
  const inserted = await store.users.insert(admin);
  if (!inserted.ok) throw new Error(inserted.error.code);
  const deps = {
    apiKeys: store.apiKeys,
    users: store.users,
    codec,
    clock: { now: () => now },
    ids: { newId: () => newObjectId() },
    actor: {
      kind: 'admin' as const,
      id: admin.id,
      sessionId: newObjectId(),
      label: admin.email,
      address: '203.0.113.7',
    },
  };
  return {
    store,
    deps,
    admin,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    now: () => now,
  };
};

describe('API keys', () => {
  it('work within their scopes as their creator, and store only the hash and a prefix', async () => {
    const w = await world();
    const created = await createApiKey(w.deps, w.admin.id, {
      name: ' Warehouse ',
      scopes: ['orders:read', 'stats:read'],
    });
    if (!created.ok) throw new Error(created.error.code);
    const { key, secret } = created.value;
    expect(key).toMatchObject({
      name: 'Warehouse',
      prefix: secret.slice(0, 13),
      hash: `hash:${secret}`,
      createdBy: w.admin.id,
    });
    expect(JSON.stringify(await w.store.apiKeys.findById(key.id))).not.toContain(`"${secret}"`);

    const caller = await authenticateApiKey(w.deps, secret, 'stats:read');
    expect(caller.ok && caller.value.creator.id).toBe(w.admin.id);
    const refused = await authenticateApiKey(w.deps, secret, 'ledger:read');
    expect(refused.ok ? null : [refused.error.code, refused.error.data]).toEqual([
      'INSUFFICIENT_SCOPE',
      { requiredScope: 'ledger:read' },
    ]);
    const nowhere = await authenticateApiKey(w.deps, secret, null);
    expect(nowhere.ok ? null : nowhere.error.code).toBe('INSUFFICIENT_SCOPE');
    const unknown = await authenticateApiKey(w.deps, 'trx_sk_other', 'stats:read');
    expect(unknown.ok ? null : unknown.error.code).toBe('UNAUTHENTICATED');
  });

  it('stop when revoked, expired, or their creator is blocked', async () => {
    const w = await world();
    const make = async (expiresAt?: string) => {
      const created = await createApiKey(w.deps, w.admin.id, {
        name: 'k',
        scopes: ['stats:read'],
        ...(expiresAt ? { expiresAt } : {}),
      });
      if (!created.ok) throw new Error(created.error.code);
      return created.value;
    };
    const revoked = await make();
    expect((await revokeApiKey(w.deps, revoked.key.id)).ok).toBe(true);
    expect((await authenticateApiKey(w.deps, revoked.secret, 'stats:read')).ok).toBe(false);
    expect((await revokeApiKey(w.deps, newObjectId())).ok).toBe(false);

    const expiring = await make(new Date(w.now().getTime() + 1_000).toISOString());
    expect((await authenticateApiKey(w.deps, expiring.secret, 'stats:read')).ok).toBe(true);
    w.advance(1_000);
    expect((await authenticateApiKey(w.deps, expiring.secret, 'stats:read')).ok).toBe(false);

    const live = await make();
    expect((await authenticateApiKey(w.deps, live.secret, 'stats:read')).ok).toBe(true);
    await w.store.users.setActive(w.admin.id, false, w.now());
    const blocked = await authenticateApiKey(w.deps, live.secret, 'stats:read');
    expect(blocked.ok ? null : blocked.error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a key without a name or scopes, with an unknown or repeated scope, or already expired', async () => {
    const w = await world();
    for (const input of [
      { name: '  ', scopes: ['orders:read'] },
      { name: 'k', scopes: [] },
      { name: 'k', scopes: ['orders:delete'] },
      { name: 'k', scopes: ['orders:read', 'orders:read'] },
      { name: 'k', scopes: ['orders:read'], expiresAt: '2026-06-01T11:59:59.000Z' },
      { name: 'k', scopes: ['orders:read'], expiresAt: 'tomorrow' },
    ]) {
      const refused = await createApiKey(w.deps, w.admin.id, input);
      expect(refused.ok ? null : refused.error.code, JSON.stringify(input)).toBe('VALIDATION_ERROR');
    }
    expect(await w.store.apiKeys.list()).toEqual([]);
  });

  it('are in the audit trail: each creation and revocation once, with the admin, never the key or its hash', async () => {
    const w = await world();
    const audited = async () => {
      await relayOutbox({ store: w.store, clock: { now: w.now } });
      return (await w.store.eventLog.listAudit({}, { page: 1, limit: 10 })).items;
    };
    const refused = await createApiKey(w.deps, w.admin.id, { name: 'k', scopes: [] });
    expect(refused.ok).toBe(false);
    expect(await audited()).toEqual([]);

    const created = await createApiKey(w.deps, w.admin.id, {
      name: 'ERP',
      scopes: ['orders:read', 'stats:read'],
      expiresAt: '2026-07-01T00:00:00.000Z',
    });
    if (!created.ok) throw new Error(created.error.code);
    const { key, secret } = created.value;
    w.advance(1_000);
    expect((await revokeApiKey(w.deps, key.id)).ok).toBe(true);
    w.advance(1_000);
    expect((await revokeApiKey(w.deps, key.id)).ok).toBe(true);

    const entries = await audited();
    expect(entries.map((event) => [event.type, event.actor, event.payload])).toEqual([
      [
        'api_key.revoked',
        w.deps.actor,
        { apiKeyId: key.id, name: 'ERP', prefix: key.prefix, revokedAt: '2026-06-01T12:00:01.000Z' },
      ],
      [
        'api_key.created',
        w.deps.actor,
        {
          apiKeyId: key.id,
          name: 'ERP',
          prefix: key.prefix,
          scopes: ['orders:read', 'stats:read'],
          expiresAt: '2026-07-01T00:00:00.000Z',
        },
      ],
    ]);
    expect(JSON.stringify(entries)).not.toContain(secret);
    expect(JSON.stringify(entries)).not.toContain(key.hash);
  });
});
