import { newObjectId } from '@trx-shop/store-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn, login, register } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { insertAdmin, loginAdmin, type StoredAdmin } from './admin-fixtures.js';

let h: TestApp;
let acting: StoredAdmin;
let admin: LoggedIn;

beforeAll(async () => {
  h = await createTestApp();
  acting = await insertAdmin(h);
  admin = await loginAdmin(h, acting.user);
});
afterAll(() => h.close());

const block = (id: string, payload: unknown) =>
  h.app.inject({
    method: 'PATCH',
    url: `/api/admin/customers/${id}/block`,
    headers: admin.jar.header(),
    payload: payload as object,
  });

const isActive = async (id: string) => (await h.store.users.findById(id))?.isActive;
const profileStatus = async (user: LoggedIn) =>
  (await h.app.inject({ url: '/api/users/profile', headers: user.jar.header() })).statusCode;

describe('PATCH /api/admin/customers/:id/block', () => {
  it('blocks a customer, whose next request is refused, and unblocks them again (their old sessions stay ended)', async () => {
    const customer = await register(h.app);
    expect(await profileStatus(customer)).toBe(200);

    const blocked = await block(customer.userId, { isActive: false });

    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(json(blocked)).toEqual({
      success: true,
      message: 'User blocked',
      user: { _id: customer.userId, username: customer.username, email: customer.email, isActive: false },
    });
    expect(await isActive(customer.userId)).toBe(false);
    expectError(
      await h.app.inject({ url: '/api/users/profile', headers: customer.jar.header() }),
      403,
      'ACCOUNT_BLOCKED',
    );

    const unblocked = await block(customer.userId, { isActive: true });

    expect(json(unblocked)).toEqual({
      success: true,
      message: 'User unblocked',
      user: { _id: customer.userId, username: customer.username, email: customer.email, isActive: true },
    });
    expect(await isActive(customer.userId)).toBe(true);
    // Blocking revoked every session: the old token does not come back to life.
    expect(await profileStatus(customer)).toBe(401);
    expect(await profileStatus(await login(h.app, customer))).toBe(200);
  });

  it('answers 400 CANNOT_BLOCK_ADMIN for another admin and for oneself, leaving both active', async () => {
    const other = await insertAdmin(h);
    for (const id of [other.user.id, acting.user.id]) {
      expectError(await block(id, { isActive: false }), 400, 'CANNOT_BLOCK_ADMIN');
      expect(await isActive(id)).toBe(true);
    }
    // The acting admin's own session still works: it was never blocked.
    const stillAdmin = await h.app.inject({ url: '/api/admin/customers', headers: admin.jar.header() });
    expect(stillAdmin.statusCode).toBe(200);
  });

  it('answers 404 USER_NOT_FOUND with the text User not found for an unknown user', async () => {
    const body = expectError(await block(newObjectId(), { isActive: false }), 404, 'USER_NOT_FOUND');
    expect(body.error).toBe('User not found');
  });

  it('answers 400 INVALID_ID for a malformed id and 400 VALIDATION_ERROR for a missing or non-boolean isActive', async () => {
    expectError(await block('abc', { isActive: false }), 400, 'INVALID_ID');
    const customer = await register(h.app);
    for (const payload of [{}, { isActive: 'false' }, { isActive: 0 }, { isActive: false, role: 'admin' }]) {
      expectError(await block(customer.userId, payload), 400, 'VALIDATION_ERROR');
    }
    expect(await isActive(customer.userId)).toBe(true);
  });
});
