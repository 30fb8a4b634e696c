import { mailPreferencesOf, updateMailPreferences } from '@trx-shop/domain';
import { createMemoryStore } from '@trx-shop/store-memory';
import { describe, expect, it } from 'vitest';
import { errorOf, successOf } from '../support/results.js';

/*
 * Mail preferences: everything on until the user turns it off; customers choose receipts, admins
 * also each alert kind; a change keeps whatever it does not name.
 */

const deps = () => ({
  store: createMemoryStore(),
  clock: { now: () => new Date('2026-06-01T12:00:00.000Z') },
});
const customer = { id: 'u-ann', role: 'user' } as const;
const admin = { id: 'u-owner', role: 'admin' } as const;
const ALL_ON = { orderPaid: true, reconciliation: true, webhookDisabled: true, lowBalance: true };

describe('mail preferences', () => {
  it('turns receipts off and on for a customer, keeping the rest as it was', async () => {
    const d = deps();
    expect(await mailPreferencesOf(d, customer.id)).toEqual({ receipts: true, alerts: ALL_ON });
    expect(successOf(await updateMailPreferences(d, customer, { receipts: false }))).toEqual({
      receipts: false,
      alerts: ALL_ON,
    });
    expect(await mailPreferencesOf(d, customer.id)).toEqual({ receipts: false, alerts: ALL_ON });
  });

  it('turns one alert kind off for an admin and leaves the other kinds and the receipts alone', async () => {
    const d = deps();
    successOf(await updateMailPreferences(d, admin, { alerts: { reconciliation: false } }));
    successOf(await updateMailPreferences(d, admin, { alerts: { lowBalance: false } }));
    expect(await mailPreferencesOf(d, admin.id)).toEqual({
      receipts: true,
      alerts: { orderPaid: true, reconciliation: false, webhookDisabled: true, lowBalance: false },
    });
  });

  it('refuses alerts for a customer, and a change naming nothing, with VALIDATION_ERROR, storing nothing', async () => {
    const d = deps();
    expect(errorOf(await updateMailPreferences(d, customer, { alerts: { orderPaid: false } })).code).toBe(
      'VALIDATION_ERROR',
    );
    expect(errorOf(await updateMailPreferences(d, admin, {})).code).toBe('VALIDATION_ERROR');
    expect(errorOf(await updateMailPreferences(d, admin, { alerts: {} })).code).toBe('VALIDATION_ERROR');
    // An empty alerts object beside a real change still names nothing to change there.
    for (const who of [admin, customer]) {
      expect(
        errorOf(await updateMailPreferences(d, who, { receipts: false, alerts: {} })).data,
      ).toMatchObject({
        details: [{ field: 'alerts' }],
      });
    }
    expect(await d.store.mailPreferences.findMany([customer.id, admin.id])).toEqual(new Map());
  });
});
