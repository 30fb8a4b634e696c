import {
  ADMIN_ROOM_NAME,
  listOwnTransactions,
  mayJoinAdminRoom,
  mayJoinUserRoom,
  userRoomName,
  viewOwnTransaction,
} from '@trx-shop/domain';
import { buildTransaction, newObjectId } from '@trx-shop/store-contract';
import { createMemoryStore } from '@trx-shop/store-memory';
import { describe, expect, it } from 'vitest';

describe('transaction visibility', () => {
  const seeded = async () => {
    const store = createMemoryStore();
    const [ann, bob] = [newObjectId(), newObjectId()];
    const annPayment = buildTransaction({ userId: ann, type: 'purchase', status: 'confirmed' });
    const annRefund = buildTransaction({ userId: ann, type: 'refund', status: 'pending' });
    const bobPayment = buildTransaction({ userId: bob });
    for (const record of [annPayment, annRefund, bobPayment]) await store.transactions.insert(record);
    return { deps: { transactions: store.transactions }, ann, bob, annPayment, annRefund, bobPayment };
  };

  it('shows a user their own transaction, and another user’s as missing', async () => {
    const { deps, ann, annPayment, bobPayment } = await seeded();
    expect(await viewOwnTransaction(deps, ann, annPayment.id)).toEqual({ ok: true, value: annPayment });
    expect(await viewOwnTransaction(deps, ann, bobPayment.id)).toMatchObject({
      ok: false,
      error: { code: 'TRANSACTION_NOT_FOUND' },
    });
    expect(await viewOwnTransaction(deps, ann, newObjectId())).toMatchObject({ ok: false });
  });

  it('lists only the caller’s transactions, refunds included, with type and status filters and paging rules', async () => {
    const { deps, ann, annPayment, annRefund } = await seeded();
    const all = await listOwnTransactions(deps, ann, {});
    expect(all.ok && all.value.items.map((record) => record.id).sort()).toEqual(
      [annPayment.id, annRefund.id].sort(),
    );
    const refunds = await listOwnTransactions(deps, ann, { type: 'refund' });
    expect(refunds.ok && refunds.value.items.map((record) => record.id)).toEqual([annRefund.id]);
    const confirmed = await listOwnTransactions(deps, ann, { status: 'confirmed' });
    expect(confirmed.ok && confirmed.value.items.map((record) => record.id)).toEqual([annPayment.id]);
    expect(await listOwnTransactions(deps, ann, { limit: 'ten' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR' },
    });
    const clamped = await listOwnTransactions(deps, ann, { limit: '1000', page: '0' });
    expect(clamped.ok && { limit: clamped.value.limit, page: clamped.value.page }).toEqual({
      limit: 100,
      page: 1,
    });
  });
});

describe('real-time rooms', () => {
  it('lets a user join their own room and an admin any user’s; nobody else', () => {
    const [ann, bob] = [newObjectId(), newObjectId()];
    expect(mayJoinUserRoom({ id: ann, role: 'user' }, ann)).toBe(true);
    expect(mayJoinUserRoom({ id: ann, role: 'user' }, bob)).toBe(false);
    expect(mayJoinUserRoom({ id: ann, role: 'admin' }, bob)).toBe(true);
    expect(userRoomName(bob)).toBe(`user:${bob}`);
  });

  it('lets only an admin join the admin room', () => {
    expect(mayJoinAdminRoom({ role: 'admin' })).toBe(true);
    expect(mayJoinAdminRoom({ role: 'user' })).toBe(false);
    expect(ADMIN_ROOM_NAME).toBe('admin');
  });
});
