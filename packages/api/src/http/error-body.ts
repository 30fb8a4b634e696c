import type { ErrorCode } from '@trx-shop/domain';
import { carriesSuccessFlag } from './error-status.js';

export interface ErrorBody {
  readonly success?: false;
  readonly error: string;
  readonly code: ErrorCode;
  readonly [field: string]: unknown;
}

/** `{error, code, ...data}`, plus `success: false` under the paths docs/decisions.md section 4 names. */
export const errorBody = (
  url: string,
  code: ErrorCode,
  message: string,
  data: Readonly<Record<string, unknown>> = {},
): ErrorBody => ({
  ...(carriesSuccessFlag(url) ? { success: false as const } : {}),
  error: message,
  code,
  ...data,
});
