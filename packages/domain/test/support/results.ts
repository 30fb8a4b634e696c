import { type DomainError, isDomainError, type Result } from '@trx-shop/domain';

/** The success value, or a test failure that names the refusal the code gave instead. */
export const successOf = <T>(result: Result<T, DomainError>): T => {
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.value;
};

/** The refusal, or a test failure that shows the value the code accepted instead. */
export const errorOf = <T>(result: Result<T, DomainError>): DomainError => {
  if (result.ok) throw new Error(`expected a refusal, got success: ${JSON.stringify(result.value)}`);
  return result.error;
};

/** The DomainError `run` throws, or a test failure when it returns or throws anything else. */
export const thrownBy = (run: () => unknown): DomainError => {
  let returned: unknown;
  try {
    returned = run();
  } catch (error: unknown) {
    if (isDomainError(error)) return error;
    throw new Error(`expected a DomainError, got ${String(error)}`);
  }
  throw new Error(`expected a DomainError to be thrown, got ${JSON.stringify(returned)}`);
};
