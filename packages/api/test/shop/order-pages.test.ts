import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdmin, loginAdmin } from '../admin/admin-fixtures.js';
import { json, type LoggedIn } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createProduct, placeOrder, registerShopper } from './shop-fixtures.js';

/*
 * A user's order pages are memoized under their order version (issue 23): a change to one of
 * their orders is in the very next page; the session and the account are still checked on every
 * request, so a logout or a block takes effect at once; and one user's page never shows another's.
 */

let h: TestApp;
let admin: LoggedIn;
let productId: string;
beforeAll(async () => {
  h = await createTestApp();
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
  productId = await createProduct(h, admin, { price: 2, stock: 100 });
});
afterAll(async () => {
  await h.close();
});

const page = (user: LoggedIn, query = '') =>
  h.app.inject({ method: 'GET', url: `/api/orders${query}`, headers: user.jar.header() });
const statuses = async (user: LoggedIn, query = '') => {
  const answer = await page(user, query);
  expect(answer.statusCode).toBe(200);
  return (json(answer).orders as { _id: string; status: string }[]).map((order) => [order._id, order.status]);
};

describe('order pages', () => {
  it('show a cancellation in the very next page after the same page was read twice', async () => {
    const buyer = await registerShopper(h);
    const order = await placeOrder(h, buyer, [{ productId, quantity: 1 }]);
    expect(await statuses(buyer)).toEqual([[order._id, 'pending']]);
    expect(await statuses(buyer)).toEqual([[order._id, 'pending']]);
    expect(await statuses(buyer, '?status=pending')).toEqual([[order._id, 'pending']]);
    const cancelled = await h.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/cancel`,
      headers: buyer.jar.header(),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await statuses(buyer)).toEqual([[order._id, 'cancelled']]);
    expect(await statuses(buyer, '?status=pending')).toEqual([]);
  });

  it("never shows one user another's page, however alike their requests", async () => {
    const [ann, bob] = [await registerShopper(h), await registerShopper(h)];
    const annOrder = await placeOrder(h, ann, [{ productId, quantity: 1 }]);
    expect(await statuses(ann)).toEqual([[annOrder._id, 'pending']]);
    expect(await statuses(bob)).toEqual([]);
  });

  it('refuse a logged-out session and a blocked account at once, though the page is memoized', async () => {
    const buyer = await registerShopper(h);
    await placeOrder(h, buyer, [{ productId, quantity: 1 }]);
    await statuses(buyer);
    await statuses(buyer);
    const blocked = await h.app.inject({
      method: 'PATCH',
      url: `/api/admin/customers/${buyer.userId}/block`,
      headers: admin.jar.header(),
      payload: { isActive: false },
    });
    expect(blocked.statusCode).toBe(200);
    expect((await page(buyer)).statusCode).toBe(403);

    const other = await registerShopper(h);
    await statuses(other);
    await statuses(other);
    expect(
      (await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: other.jar.header() }))
        .statusCode,
    ).toBe(200);
    expect((await page(other)).statusCode).toBe(401);
  });
});
