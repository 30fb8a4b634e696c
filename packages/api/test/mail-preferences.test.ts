import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdmin, loginAdmin } from './admin/admin-fixtures.js';
import { expectError, json, type LoggedIn, register } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/*
 * GET/PUT /api/users/mail-preferences (docs/api.md, "Users"): customers turn receipts on or off,
 * admins also each merchant alert; security notices have no switch. The fan-out reads what is
 * stored here when it queues mail (its domain tests prove that part).
 */

const URL = '/api/users/mail-preferences';
const ALL_ALERTS = { orderPaid: true, reconciliation: true, webhookDisabled: true, lowBalance: true };

let h: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  h = await createTestApp();
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
});
afterAll(() => h.close());

const get = (user: LoggedIn | null, headers: Record<string, string> = {}) =>
  h.app.inject({ url: URL, headers: { ...(user?.jar.header() ?? {}), ...headers } });
const put = (user: LoggedIn | null, payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({
    method: 'PUT',
    url: URL,
    headers: { ...(user?.jar.header() ?? {}), ...headers },
    payload: payload as Record<string, unknown>,
  });
const stored = async (userId: string) =>
  (await h.store.mailPreferences.findMany([userId])).get(userId) ?? null;

describe('GET /api/users/mail-preferences', () => {
  it('answers a customer everything on, receipts only, until they choose', async () => {
    const ann = await register(h.app);
    const response = await get(ann);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, preferences: { receipts: true } });
  });

  it('answers an admin the receipts and every alert kind', async () => {
    const response = await get(admin);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, preferences: { receipts: true, alerts: ALL_ALERTS } });
  });

  it('answers 401 UNAUTHENTICATED without credentials, and 403 INSUFFICIENT_SCOPE to an API key', async () => {
    expectError(await get(null), 401, 'UNAUTHENTICATED');
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: admin.jar.header(),
      payload: { name: 'reader', scopes: ['orders:read'] },
    });
    const key = json(created).key as string;
    expectError(await get(null, { 'x-api-key': key }), 403, 'INSUFFICIENT_SCOPE');
    expectError(await put(null, { receipts: false }, { 'x-api-key': key }), 403, 'INSUFFICIENT_SCOPE');
  });
});

describe('PUT /api/users/mail-preferences', () => {
  it("turns a customer's receipts off and on again, stored and shown", async () => {
    const ann = await register(h.app);
    const off = await put(ann, { receipts: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(json(off)).toEqual({ success: true, preferences: { receipts: false } });
    expect(await stored(ann.userId)).toEqual({ receipts: false, alerts: ALL_ALERTS });
    expect(json(await get(ann))).toEqual({ success: true, preferences: { receipts: false } });

    expect(json(await put(ann, { receipts: true }))).toEqual({
      success: true,
      preferences: { receipts: true },
    });
    expect((await stored(ann.userId))?.receipts).toBe(true);
  });

  it("turns one of an admin's alert kinds off, keeping the others", async () => {
    const other = await loginAdmin(h, (await insertAdmin(h)).user);
    const response = await put(other, { alerts: { reconciliation: false } });
    expect(response.statusCode, response.body).toBe(200);
    const expected = { receipts: true, alerts: { ...ALL_ALERTS, reconciliation: false } };
    expect(json(response)).toEqual({ success: true, preferences: expected });
    expect(await stored(other.userId)).toEqual(expected);
    // Each admin chooses for themselves: the first admin's alerts are untouched.
    expect(json(await get(admin))).toEqual({
      success: true,
      preferences: { receipts: true, alerts: ALL_ALERTS },
    });
  });

  it('answers a customer naming alerts 400 VALIDATION_ERROR on the alerts field and stores nothing', async () => {
    const ann = await register(h.app);
    const body = expectError(await put(ann, { alerts: { orderPaid: false } }), 400, 'VALIDATION_ERROR');
    expect(body.details).toEqual([{ field: 'alerts', message: expect.stringContaining('Only admins') }]);
    expectError(await put(ann, { receipts: false, alerts: { orderPaid: false } }), 400, 'VALIDATION_ERROR');
    expect(await stored(ann.userId)).toBeNull();
  });

  it('answers 400 VALIDATION_ERROR to a body naming nothing, a wrong type or an unknown field, storing nothing', async () => {
    const ann = await register(h.app);
    for (const body of [
      {},
      { receipts: 'no' },
      { receipts: null },
      { alerts: {} },
      { alerts: { orderPaid: 'off' } },
      { alerts: { lowStock: false } },
      { receipts: false, securityNotices: false },
    ]) {
      const target = Object.hasOwn(body, 'alerts') ? admin : ann;
      expectError(await put(target, body), 400, 'VALIDATION_ERROR');
    }
    expect(await stored(ann.userId)).toBeNull();
    expect(await stored(admin.userId)).toBeNull();
  });

  it('answers 401 UNAUTHENTICATED without credentials', async () => {
    expectError(await put(null, { receipts: false }), 401, 'UNAUTHENTICATED');
  });
});
