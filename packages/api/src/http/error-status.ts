import type { ErrorCode } from '@trx-shop/domain';

/** The one place where error codes become HTTP statuses (docs/decisions.md section 4). */
export const STATUS_OF: Readonly<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  TWO_FACTOR_REQUIRED: 401,
  ACCOUNT_BLOCKED: 403,
  FORBIDDEN: 403,
  NOT_ORDER_OWNER: 403,
  VALIDATION_ERROR: 400,
  INVALID_ID: 400,
  INVALID_TWO_FACTOR_CODE: 400,
  INVALID_CURRENT_PASSWORD: 400,
  NO_WALLET: 400,
  INSUFFICIENT_STOCK: 400,
  ORDER_TOTAL_TOO_LOW: 400,
  ORDER_NOT_PENDING: 400,
  INSUFFICIENT_BALANCE: 400,
  INVALID_STATUS: 400,
  CANNOT_BLOCK_ADMIN: 400,
  ORDER_ALREADY_REFUNDED: 400,
  ORDER_NOT_COMPLETED: 400,
  INSUFFICIENT_ADMIN_BALANCE: 400,
  NOTHING_TO_REFUND: 400,
  REFUND_EXCEEDS_PAID: 400,
  INVALID_ADDRESS: 400,
  TX_NOT_FOUND: 400,
  TX_NOT_SOLIDIFIED: 400,
  TX_FAILED: 400,
  TX_WRONG_RECIPIENT: 400,
  TX_AMOUNT_TOO_LOW: 400,
  TX_ALREADY_LINKED: 400,
  WEBHOOK_URL_NOT_ALLOWED: 400,
  KEY_DECRYPTION_FAILED: 500,
  PRODUCT_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  TRANSACTION_NOT_FOUND: 404,
  RECONCILIATION_NOT_RUN: 404,
  RECONCILIATION_RUNNING: 409,
  RECONCILIATION_RUN_NOT_FOUND: 404,
  WEBHOOK_NOT_FOUND: 404,
  API_KEY_NOT_FOUND: 404,
  INSUFFICIENT_SCOPE: 403,
  CROSS_SITE_REQUEST: 403,
  WEBHOOK_DELIVERY_NOT_FOUND: 404,
  MAIL_MESSAGE_NOT_FOUND: 404,
  MAIL_NOT_FAILED: 409,
  MAILBOX_NOT_IN_USE: 404,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  PENDING_ORDER_EXISTS: 409,
  PAYMENT_IN_PROGRESS: 409,
  REFUND_IN_PROGRESS: 409,
  TRANSACTION_NOT_PENDING: 409,
  ORDER_HAS_PAYMENT: 409,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  UPGRADE_REQUIRED: 426,
  RATE_LIMITED: 429,
  ADMIN_WALLET_NOT_CONFIGURED: 500,
  INTERNAL_ERROR: 500,
  PAYMENT_FAILED: 502,
  CHAIN_UNAVAILABLE: 503,
  MERCHANT_NOT_CONFIGURED: 503,
};

/**
 * At login a wrong TOTP code is a failed login, and 401 means "log in again", so there it is 401
 * rather than the 400 it is everywhere else (docs/decisions.md section 4).
 */
export const LOGIN_STATUS_OVERRIDES: Readonly<Partial<Record<ErrorCode, number>>> = {
  INVALID_TWO_FACTOR_CODE: 401,
};

/** `GET /api/health` when the store or the chain does not answer: a load balancer's signal. */
export const HEALTH_DEGRADED_STATUS = 503;

/** Path prefixes whose error bodies also carry `success: false` (docs/decisions.md section 4). */
const SUCCESS_FLAG_PREFIXES = ['/api/users', '/api/auth', '/api/security', '/api/sessions', '/api/wallets'];

export const carriesSuccessFlag = (url: string): boolean =>
  SUCCESS_FLAG_PREFIXES.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  );
