import { DomainError, type ErrorCode } from '@trx-shop/domain';
import { expect } from 'vitest';

export const expectDomainError = async (action: Promise<unknown>, code: ErrorCode): Promise<DomainError> => {
  const failure = await action.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(DomainError);
  expect((failure as DomainError).code).toBe(code);
  return failure as DomainError;
};
