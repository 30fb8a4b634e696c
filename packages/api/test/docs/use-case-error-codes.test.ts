import {
  CANCEL_ORDER_ERRORS,
  CREATE_ORDER_ERRORS,
  OVERRIDE_ORDER_STATUS_ERRORS,
  PAY_ORDER_ERRORS,
  REFUND_ORDER_ERRORS,
  VERIFY_PAYMENT_ERRORS,
  WITHDRAW_ERRORS,
} from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

/*
 * An operation whose route calls one use case documents every code of that use case's error
 * union (the domain's checked tuple of it), so the document and the type cannot drift apart.
 */

let h: TestApp;
let documented: Map<string, Record<string, string[]>>;
beforeAll(async () => {
  h = await createTestApp();
  const document = (await h.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<string, { operationId?: string; 'x-error-codes'?: Record<string, string[]> }>
    >;
  };
  documented = new Map(
    Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => [operation.operationId ?? '', operation['x-error-codes'] ?? {}]),
    ),
  );
});
afterAll(async () => {
  await h.close();
});

const codesListed = (operationId: string): string[] =>
  Object.values(documented.get(operationId) ?? {}).flat();

describe('error codes derived from use cases', () => {
  it.each([
    ['payOrder', PAY_ORDER_ERRORS],
    ['createOrder', CREATE_ORDER_ERRORS],
    ['cancelOrder', CANCEL_ORDER_ERRORS],
    ['refundOrder', REFUND_ORDER_ERRORS],
    ['verifyOrderPayment', VERIFY_PAYMENT_ERRORS],
    ['sendFromWallet', WITHDRAW_ERRORS],
    ['overrideOrderStatus', OVERRIDE_ORDER_STATUS_ERRORS],
    ['overrideOrderStatusLegacy', OVERRIDE_ORDER_STATUS_ERRORS],
  ] as const)('%s lists every code its use case can return', (operationId, codes) => {
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.filter((code) => !codesListed(operationId).includes(code))).toEqual([]);
  });

  it('lists the codes the hand-kept lists had missed, under their statuses', () => {
    // payOrder answers NO_WALLET for a user without a custodial wallet (docs/decisions.md section 4: 400).
    expect(documented.get('payOrder')?.['400']).toContain('NO_WALLET');
    // Verifying a payment needs the merchant wallet, like creating an order (503).
    expect(documented.get('verifyOrderPayment')?.['503']).toContain('MERCHANT_NOT_CONFIGURED');
  });
});
