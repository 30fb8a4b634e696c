import {
  CHANGE_PASSWORD_ERRORS,
  CONNECT_WALLET_ERRORS,
  LEDGER_ADDRESS_ERRORS,
  LOGIN_USER_ERRORS,
  PAY_ORDER_ERRORS,
  UPDATE_PROFILE_ERRORS,
} from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_OF } from '../../src/http/error-status.js';
import { OPERATION_CODES } from '../../src/http/operation-errors.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/*
 * An operation whose route calls one use case documents every code of that use case's error
 * union (the domain's checked tuple of it), so the document and the type cannot drift apart; an
 * operation without such a use case is listed by hand, with the reason.
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
  it('derives every operation from its use case or lists it by hand with a reason', () => {
    const neither = [...documented.keys()].filter((operationId) => !OPERATION_CODES[operationId]);
    expect(neither).toEqual([]);
    const unexplained = Object.entries(OPERATION_CODES)
      .filter(([, source]) => 'byHand' in source && source.byHand.trim().length === 0)
      .map(([operationId]) => operationId);
    expect(unexplained).toEqual([]);
    const notInTheDocument = Object.keys(OPERATION_CODES).filter(
      (operationId) => !documented.has(operationId),
    );
    expect(notInTheDocument).toEqual([]);
  });

  it('lists each code of a derived operation’s use case under the status its route answers it with', () => {
    const derived = Object.entries(OPERATION_CODES).flatMap(([operationId, source]) =>
      'derivedFrom' in source ? [{ operationId, ...source }] : [],
    );
    expect(derived.length).toBeGreaterThan(0);
    const missing = derived.flatMap(({ operationId, derivedFrom, statusOverrides }) =>
      derivedFrom
        .map((code) => ({ code, status: String(statusOverrides[code] ?? STATUS_OF[code]) }))
        .filter(({ code, status }) => !documented.get(operationId)?.[status]?.includes(code))
        .map(({ code, status }) => `${operationId} ${status} ${code}`),
    );
    expect(missing).toEqual([]);
  });

  it('documents what the use case returns, not what a hand list once said', () => {
    // The profile use case changes the email too, so it answers EMAIL_TAKEN beside USERNAME_TAKEN.
    expect(UPDATE_PROFILE_ERRORS).toContain('EMAIL_TAKEN');
    expect(documented.get('updateProfile')?.['409']).toEqual(['EMAIL_TAKEN', 'USERNAME_TAKEN']);
    expect(documented.get('updateProfileLegacy')?.['409']).toEqual(['EMAIL_TAKEN', 'USERNAME_TAKEN']);
    // The ledger reads the node only for the opening balance, which it shows as null when the
    // node does not answer, so its 503 is the missing merchant wallet alone.
    expect(LEDGER_ADDRESS_ERRORS).toContain('MERCHANT_NOT_CONFIGURED');
    expect(documented.get('listMerchantLedger')?.['503']).toEqual(['MERCHANT_NOT_CONFIGURED']);
    expect(documented.get('exportMerchantLedger')?.['503']).toEqual(['MERCHANT_NOT_CONFIGURED']);
  });

  it('lists a wrong TOTP code at login under 401, as the login routes answer it', () => {
    expect(LOGIN_USER_ERRORS).toContain('INVALID_TWO_FACTOR_CODE');
    for (const operationId of ['login', 'createTokens']) {
      expect(documented.get(operationId)?.['401']).toContain('INVALID_TWO_FACTOR_CODE');
      expect(documented.get(operationId)?.['400']).not.toContain('INVALID_TWO_FACTOR_CODE');
    }
  });

  it.each([
    ['changePasswordLegacy', 'changePassword', CHANGE_PASSWORD_ERRORS],
    ['connectWalletLegacy', 'connectWallet', CONNECT_WALLET_ERRORS],
    ['updateProfileLegacy', 'updateProfile', UPDATE_PROFILE_ERRORS],
  ] as const)('%s lists the codes of its twin %s', (legacy, twin, codes) => {
    expect(codes.filter((code) => !codesListed(legacy).includes(code))).toEqual([]);
    expect(documented.get(legacy)).toEqual(documented.get(twin));
  });

  it('lists the codes the hand-kept lists had missed, under their statuses', () => {
    // payOrder answers NO_WALLET for a user without a custodial wallet (docs/decisions.md section 4: 400).
    expect(PAY_ORDER_ERRORS).toContain('NO_WALLET');
    expect(documented.get('payOrder')?.['400']).toContain('NO_WALLET');
    // Verifying a payment needs the merchant wallet, like creating an order (503).
    expect(documented.get('verifyOrderPayment')?.['503']).toContain('MERCHANT_NOT_CONFIGURED');
    // The balance route answers NO_WALLET itself for an account without a custodial address.
    expect(documented.get('getWalletBalance')?.['400']).toContain('NO_WALLET');
  });
});
