import type { ErrorCode } from './error-codes.js';

export type ErrorData = Readonly<Record<string, unknown>>;

/**
 * The one error type of the domain. `code` is stable and UPPER_SNAKE; `data` carries the extra
 * fields an API answer shows beside it (`pendingOrderId`, `userBalance`, ...). A use case's
 * result names the codes it can return (`DomainError<'ORDER_NOT_FOUND' | ...>`), so returning
 * another fails to compile.
 */
export class DomainError<C extends ErrorCode = ErrorCode> extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: C,
    message: string,
    readonly data: ErrorData = {},
  ) {
    super(message);
  }
}

export const domainError = <C extends ErrorCode>(
  code: C,
  message: string,
  data?: ErrorData,
): DomainError<C> => new DomainError(code, message, data);

export const isDomainError = (value: unknown): value is DomainError => value instanceof DomainError;

/** The codes of an error type: `CodeOf<PayOrderError>` is the union of its code literals. */
export type CodeOf<E extends DomainError> = E['code'];

/** A refused input: the one failure of every parser and field check. */
export type ValidationError = DomainError<'VALIDATION_ERROR'>;

/**
 * Lists the codes of an error type as a tuple: naming a code the type lacks, or leaving one of
 * its codes out, fails to compile, so the list (what the API documents) cannot drift from the type.
 */
export const codesOf =
  <E extends DomainError>() =>
  <const T extends readonly CodeOf<E>[]>(
    codes: T &
      ([Exclude<CodeOf<E>, T[number]>] extends [never]
        ? unknown
        : { missing: Exclude<CodeOf<E>, T[number]> }),
  ): T =>
    codes;
