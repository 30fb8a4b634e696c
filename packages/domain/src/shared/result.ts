/**
 * Expected business failures travel as values so that a use case's signature names them;
 * thrown errors are reserved for broken invariants and infrastructure faults.
 */
export type Result<T, E> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });
