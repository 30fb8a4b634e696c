import { devnetControl } from '@trx-shop/test-kit';
import type { Order, OrderStatus, Product } from '@trx-shop/domain';
import { buildProduct, buildTransferClaim, newObjectId } from '@trx-shop/store-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn, register } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { insertAdmin, insertOrder, line, loginAdmin, type StoredAdmin } from './admin-fixtures.js';

let h: TestApp;
let merchant: StoredAdmin;
let admin: LoggedIn;
let product: Product;

beforeAll(async () => {
  h = await createTestApp();
  merchant = await insertAdmin(h);
  admin = await loginAdmin(h, merchant.user);
  product = await h.store.products.insert(buildProduct({ stock: 10, priceSun: 4_000_000 }));
});
afterAll(() => h.close());

const URLS = ['/api/orders/:id/status', '/api/admin/orders/:id/status'] as const;
const urlFor = (template: string, id: string) => template.replace(':id', id);

const patchStatus = (id: string, payload: unknown, template: string = URLS[0]) =>
  h.app.inject({
    method: 'PATCH',
    url: urlFor(template, id),
    headers: admin.jar.header(),
    payload: payload as object,
  });

/** A customer registered through the API (real wallet) with one order of the product. */
const customerWithOrder = async (status: OrderStatus) => {
  const customer = await register(h.app);
  const stored = await h.store.users.findById(customer.userId);
  const order = await insertOrder(h, status, {
    userId: customer.userId,
    walletAddress: stored?.wallet.address ?? '',
    merchantAddress: merchant.user.wallet.address ?? '',
    lines: [line(product.priceSun, 2, { productId: product.id, name: product.name })],
  });
  return { customer, order, walletAddress: stored?.wallet.address ?? '' };
};

type ClaimState = 'pending' | 'confirmed' | 'failed';

/**
 * A customer's order whose payment claim (stored as pay stores it: the claim, then its outcome)
 * is in `claim`, then moved to `status` by a guarded status change.
 */
const customerWithPayment = async (claim: ClaimState, status: OrderStatus) => {
  const { customer, order } = await customerWithOrder('pending');
  const payment = buildTransferClaim({
    amountSun: order.totalSun,
    fromAddress: order.walletAddress,
    toAddress: order.merchantAddress,
    recorded: claim !== 'pending',
  });
  if (!(await h.store.orders.claimTransfer(order.id, 'payment', payment))) throw new Error('claim lost');
  if (claim !== 'pending') await h.store.orders.settleClaim(order.id, 'payment', payment.txId, claim);
  if (status !== 'pending') {
    const moved = await h.store.orders.changeStatus(order.id, {
      from: ['pending'],
      to: status,
      at: h.clock.now(),
    });
    if (!moved.ok) throw new Error(`moving ${order.id} to ${status} failed: ${moved.error}`);
  }
  return { customer, order };
};

const storedStatus = async (order: Order) => (await h.store.orders.findById(order.id))?.status;

describe('PATCH /api/orders/:id/status and its alias /api/admin/orders/:id/status', () => {
  it.each(URLS)(
    '%s sets the status and transactionHash, refreshes updatedAt, and moves no stock and no money',
    async (template) => {
      const { customer, order, walletAddress } = await customerWithOrder('pending');
      const later = h.clock.advance(90_000);
      const hash = 'b'.repeat(64);

      const response = await patchStatus(order.id, { status: 'completed', transactionHash: hash }, template);

      expect(response.statusCode, response.body).toBe(200);
      const answer = json(response);
      expect(answer.success).toBe(true);
      expect(typeof answer.message).toBe('string');
      expect(answer.order).toMatchObject({
        _id: order.id,
        userId: customer.userId,
        status: 'completed',
        transactionHash: hash,
        total: 7.99,
        createdAt: order.createdAt.toISOString(),
        updatedAt: later.toISOString(),
      });
      const stored = await h.store.orders.findById(order.id);
      expect({ status: stored?.status, hash: stored?.transactionHash, taken: stored?.stockTaken }).toEqual({
        status: 'completed',
        hash,
        taken: [null],
      });
      expect((await h.store.products.findById(product.id))?.stock).toBe(10);
      const records = await h.store.transactions.listByUser(customer.userId, {}, { limit: 10, page: 1 });
      expect(records.total).toBe(0);
      expect(await devnetControl(h.devnet.url).transfersSentBy(walletAddress)).toEqual([]);
      expect(await devnetControl(h.devnet.url).transfersSentBy(merchant.user.wallet.address ?? '')).toEqual(
        [],
      );
    },
  );

  it('moves an order without a live payment from any state to pending, completed or refunded, keeping the hash when none is given', async () => {
    const moves: [OrderStatus, OrderStatus][] = [
      ['failed', 'refunded'],
      ['cancelled', 'completed'],
      ['refunded', 'pending'],
      ['failed', 'pending'],
      ['completed', 'refunded'],
      ['completed', 'completed'],
    ];
    for (const [from, to] of moves) {
      const { order } = await customerWithOrder(from);
      const response = await patchStatus(order.id, { status: to });
      expect(response.statusCode, `${from} -> ${to}: ${response.body}`).toBe(200);
      expect((json(response).order as { status: string; transactionHash: unknown }).transactionHash).toBe(
        null,
      );
      expect(await storedStatus(order)).toBe(to);
    }
    expect((await h.store.products.findById(product.id))?.stock).toBe(10);
  });

  it('refuses on both paths to move back to pending an order whose payment is claimed, pending or confirmed (409 ORDER_HAS_PAYMENT), and changes nothing', async () => {
    const scenes: [ClaimState, OrderStatus][] = [
      ['pending', 'pending'],
      ['pending', 'completed'],
      ['confirmed', 'completed'],
      ['confirmed', 'refunded'],
      ['confirmed', 'failed'],
    ];
    for (const [claim, status] of scenes) {
      for (const template of URLS) {
        const { customer, order } = await customerWithPayment(claim, status);
        const before = await h.store.orders.findById(order.id);

        expectError(await patchStatus(order.id, { status: 'pending' }, template), 409, 'ORDER_HAS_PAYMENT');

        expect(await h.store.orders.findById(order.id), `${claim} payment, ${status}`).toEqual(before);
        const pendingOfCustomer = await h.store.orders.findPendingByUser(customer.userId);
        expect(pendingOfCustomer?.id ?? null).toBe(status === 'pending' ? order.id : null);
      }
    }
    expect((await h.store.products.findById(product.id))?.stock).toBe(10);
  });

  it('moves back to pending an order whose payment failed, and then to completed, or to refunded unless a payment is still in flight', async () => {
    const { order: failed } = await customerWithPayment('failed', 'failed');
    expect((await patchStatus(failed.id, { status: 'pending' })).statusCode).toBe(200);
    expect(await storedStatus(failed)).toBe('pending');
    for (const claim of ['pending', 'confirmed'] as const) {
      const { order } = await customerWithPayment(claim, 'pending');
      expect((await patchStatus(order.id, { status: 'completed' })).statusCode).toBe(200);
      expect(await storedStatus(order)).toBe('completed');
      // To refunded only once no payment is in flight (docs/api.md, "Money safety rules", rule 5).
      const refunded = await patchStatus(order.id, { status: 'refunded' });
      if (claim === 'pending') {
        expectError(refunded, 409, 'PAYMENT_IN_PROGRESS');
        expect(await storedStatus(order)).toBe('completed');
      } else {
        expect(refunded.statusCode).toBe(200);
        expect(await storedStatus(order)).toBe('refunded');
      }
    }
  });

  it('answers 400 INVALID_STATUS with the text Invalid status for any other status value', async () => {
    const { order } = await customerWithOrder('completed');
    for (const status of ['failed', 'cancelled', 'shipped', 'COMPLETED', '', 7, null]) {
      for (const template of URLS) {
        const body = expectError(await patchStatus(order.id, { status }, template), 400, 'INVALID_STATUS');
        expect(body.error, String(status)).toBe('Invalid status');
      }
    }
    const missing = expectError(await patchStatus(order.id, {}), 400, 'INVALID_STATUS');
    expect(missing.error).toBe('Invalid status');
    expect(await storedStatus(order)).toBe('completed');
  });

  it('answers 404 ORDER_NOT_FOUND with the text Order not found for an unknown order', async () => {
    for (const template of URLS) {
      const body = expectError(
        await patchStatus(newObjectId(), { status: 'completed' }, template),
        404,
        'ORDER_NOT_FOUND',
      );
      expect(body.error).toBe('Order not found');
    }
  });

  it('answers 400 INVALID_ID for a malformed id and 400 VALIDATION_ERROR for an unknown body field', async () => {
    expectError(await patchStatus('12345', { status: 'completed' }), 400, 'INVALID_ID');
    const { order } = await customerWithOrder('completed');
    expectError(await patchStatus(order.id, { status: 'refunded', note: 'x' }), 400, 'VALIDATION_ERROR');
    expectError(
      await patchStatus(order.id, { status: 'refunded', transactionHash: 5 }),
      400,
      'VALIDATION_ERROR',
    );
    expect(await storedStatus(order)).toBe('completed');
  });

  it('answers 409 PENDING_ORDER_EXISTS when the override would give the customer a second pending order', async () => {
    const { customer, order: completed } = await customerWithOrder('completed');
    const pending = await insertOrder(h, 'pending', { userId: customer.userId, lines: [line(1_000_000)] });

    const body = expectError(
      await patchStatus(completed.id, { status: 'pending' }),
      409,
      'PENDING_ORDER_EXISTS',
    );

    expect(body.pendingOrderId).toBe(pending.id);
    expect(await storedStatus(completed)).toBe('completed');
    expect(await storedStatus(pending)).toBe('pending');
  });

  it('makes an order moved back to pending hold the customer’s pending slot until it leaves pending', async () => {
    const { customer, order } = await customerWithOrder('completed');
    expect((await patchStatus(order.id, { status: 'pending' })).statusCode).toBe(200);
    const create = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: customer.jar.header(),
        payload: { products: [{ productId: product.id, quantity: 1 }] },
      });

    const refused = expectError(await create(), 409, 'PENDING_ORDER_EXISTS');
    expect(refused.pendingOrderId).toBe(order.id);

    expect((await patchStatus(order.id, { status: 'refunded' })).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(201);
  });
});
