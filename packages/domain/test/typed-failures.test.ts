import {
  type CodeOf,
  codesOf,
  type DomainError,
  domainError,
  err,
  type PayOrderError,
  type Result,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';

/*
 * Compile-time checks: tsc (pnpm typecheck) fails when a `@ts-expect-error` below stops being an
 * error, that is when a use case's error union starts accepting a code it does not list.
 */

const refusePayment = (code: 'listed' | 'unlisted'): Result<never, PayOrderError> => {
  if (code === 'listed') return err(domainError('ORDER_NOT_FOUND', 'Order not found'));
  // @ts-expect-error payOrder never answers EMAIL_TAKEN, so its result cannot carry it.
  return err(domainError('EMAIL_TAKEN', 'Email already registered'));
};

type Small = DomainError<'ORDER_NOT_FOUND' | 'NOT_ORDER_OWNER'>;

describe('typed failures', () => {
  it('keeps the literal code a domain error is made with', () => {
    const error = domainError('NOT_ORDER_OWNER', 'You can only pay your own orders');
    const code: 'NOT_ORDER_OWNER' = error.code;
    expect(code).toBe('NOT_ORDER_OWNER');
  });

  it('carries a listed code through a use case result, and an unlisted one only past the compiler', () => {
    const listed = refusePayment('listed');
    const unlisted = refusePayment('unlisted');
    expect(listed.ok ? null : listed.error.code).toBe('ORDER_NOT_FOUND');
    // At run time nothing stops it: the check above is the compiler's.
    expect(unlisted.ok ? null : unlisted.error.code).toBe('EMAIL_TAKEN');
  });

  it('lists exactly the codes of an error type with codesOf', () => {
    const codes: readonly CodeOf<Small>[] = codesOf<Small>()(['NOT_ORDER_OWNER', 'ORDER_NOT_FOUND']);
    expect(codes).toEqual(['NOT_ORDER_OWNER', 'ORDER_NOT_FOUND']);
    // @ts-expect-error a list that leaves out NOT_ORDER_OWNER is refused.
    const partial = codesOf<Small>()(['ORDER_NOT_FOUND']);
    // @ts-expect-error a list that names a code the type lacks is refused.
    const wider = codesOf<Small>()(['ORDER_NOT_FOUND', 'NOT_ORDER_OWNER', 'EMAIL_TAKEN']);
    expect([partial, wider].map((list) => list.length)).toEqual([1, 3]);
  });
});
