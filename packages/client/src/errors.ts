import type { components } from './generated/openapi.js';

/** An error body as the service answers it (docs/api.md, "Errors"): `{error, code}` plus data fields. */
export type ErrorBody = components['schemas']['Error'];

/**
 * A failed call as a value: the error body with the HTTP status beside it. `code` is the stable
 * UPPER_SNAKE code of docs/api.md's table (`ORDER_NOT_FOUND`, `INSUFFICIENT_BALANCE`, ...).
 * Two codes are the client's own: `HTTP_<status>` when the answer had no error body of the
 * service's shape (a proxy's HTML page, say), and `NETWORK_ERROR` (status 0) when no answer came.
 */
export type ShopError = Omit<ErrorBody, 'code'> & {
  readonly status: number;
  readonly code: ErrorCode | `HTTP_${number}` | 'NETWORK_ERROR';
};

/** Every code the service answers with (the document's enumeration). */
export type ErrorCode = ErrorBody['code'];

/** Thrown by `unwrap`: an `Error` that carries the `ShopError` it stands for. */
export class ShopApiError extends Error {
  override readonly name = 'ShopApiError';
  readonly status: number;
  readonly code: string;
  readonly details: ErrorBody['details'];
  readonly body: ShopError;
  /** The HTTP answer; absent for `NETWORK_ERROR`. */
  readonly response: Response | undefined;

  constructor(body: ShopError, response?: Response, options?: { cause?: unknown }) {
    super(`${body.status} ${body.code}: ${body.error}`, options);
    this.status = body.status;
    this.code = body.code;
    this.details = body.details;
    this.body = body;
    this.response = response;
  }
}

export const isShopApiError = (value: unknown): value is ShopApiError => value instanceof ShopApiError;

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { code?: unknown }).code === 'string' &&
  typeof (value as { error?: unknown }).error === 'string';

/**
 * The `ShopError` of an answer that was not a success: the service's body with its status, or a
 * made-up `HTTP_<status>` one when the body is not the service's (openapi-fetch gives the text, or
 * nothing for an empty body).
 */
export const toShopError = (error: unknown, response: Response): ShopError => {
  if (isErrorBody(error)) return { ...error, status: response.status };
  const text = typeof error === 'string' && error.trim() !== '' ? error.trim().slice(0, 500) : '';
  return {
    status: response.status,
    code: `HTTP_${response.status}`,
    error: text || response.statusText || `HTTP ${response.status}`,
  };
};

/** What openapi-fetch answers for every call: `data` on success, `error` otherwise. */
export interface FetchResult {
  readonly data?: unknown;
  readonly error?: unknown;
  readonly response: Response;
}

/** The success member's `data` of an openapi-fetch result union. */
export type DataOf<R> = R extends { data: infer D } ? D : never;

/**
 * The data of a call, or a thrown `ShopApiError` with the error's `code`:
 *
 *     const { order } = await unwrap(shop.GET('/api/orders/{id}', { params: { path: { id } } }));
 *
 * A request that got no answer at all (refused connection, DNS) throws `NETWORK_ERROR`.
 */
export const unwrap = async <R extends FetchResult>(request: Promise<R> | R): Promise<DataOf<R>> => {
  let result: R;
  try {
    result = await request;
  } catch (cause) {
    if (cause instanceof ShopApiError) throw cause;
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new ShopApiError({ status: 0, code: 'NETWORK_ERROR', error: message }, undefined, { cause });
  }
  if (result.response.ok) return result.data as DataOf<R>;
  throw new ShopApiError(toShopError(result.error, result.response), result.response);
};
