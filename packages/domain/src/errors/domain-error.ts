import type { ErrorCode } from './error-codes.js';

export type ErrorData = Readonly<Record<string, unknown>>;

/**
 * The one error type of the domain. `code` is stable and UPPER_SNAKE; `data` carries the extra
 * fields an API answer shows beside it (`pendingOrderId`, `userBalance`, ...).
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data: ErrorData = {},
  ) {
    super(message);
  }
}

export const domainError = (code: ErrorCode, message: string, data?: ErrorData): DomainError =>
  new DomainError(code, message, data);

export const isDomainError = (value: unknown): value is DomainError => value instanceof DomainError;
