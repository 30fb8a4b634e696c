import { domainError, type ValidationError } from '../errors/domain-error.js';
import { err, ok, type Result } from './result.js';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;
export const DEFAULT_PAGE = 1;
/** Far beyond any real list, and keeps `(page - 1) * limit` a safe integer for every store. */
export const MAX_PAGE = 1_000_000_000;

export interface PageRequest {
  readonly limit: number;
  readonly page: number;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly page: number;
  readonly limit: number;
  readonly pages: number;
}

const toInteger = (field: string, value: unknown, fallback: number): Result<number, ValidationError> => {
  if (value === undefined || value === null || value === '') return ok(fallback);
  // Plain decimal integers only: '0x10', '1e2', '2.5' or blanks are not page numbers.
  const number =
    typeof value === 'number' && Number.isInteger(value)
      ? value
      : typeof value === 'string' && /^-?\d{1,15}$/.test(value)
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(number)) {
    const message = `${field} must be a number`;
    return err(domainError('VALIDATION_ERROR', message, { details: [{ field, message }] }));
  }
  return ok(number);
};

/**
 * `limit` defaults to 10 and is clamped to 1..100, `page` defaults to 1 with a minimum of 1;
 * values that are not numbers are refused (docs/decisions.md section 3).
 */
export const normalizePageRequest = (limit: unknown, page: unknown): Result<PageRequest, ValidationError> => {
  const parsedLimit = toInteger('limit', limit, DEFAULT_LIMIT);
  if (!parsedLimit.ok) return parsedLimit;
  const parsedPage = toInteger('page', page, DEFAULT_PAGE);
  if (!parsedPage.ok) return parsedPage;
  return ok({
    limit: Math.min(MAX_LIMIT, Math.max(1, parsedLimit.value)),
    page: Math.min(MAX_PAGE, Math.max(1, parsedPage.value)),
  });
};

export const pageOf = <T>(items: readonly T[], total: number, request: PageRequest): Page<T> => ({
  items,
  total,
  page: request.page,
  limit: request.limit,
  pages: Math.ceil(total / request.limit),
});

export const offsetOf = (request: PageRequest): number => (request.page - 1) * request.limit;
