import type { ErrorCode } from '@trx-shop/domain';

type CodesByStatus = Readonly<Partial<Record<number, readonly ErrorCode[]>>>;

/** What any operation can answer: a refused body, a limit, a crash. */
const ANY_OPERATION: CodesByStatus = {
  400: ['VALIDATION_ERROR'],
  413: ['PAYLOAD_TOO_LARGE'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
  429: ['RATE_LIMITED'],
  500: ['INTERNAL_ERROR'],
};
/** What an operation that needs credentials can answer about them. */
const SIGNED_IN: CodesByStatus = {
  401: ['UNAUTHENTICATED', 'TOKEN_EXPIRED'],
  403: ['ACCOUNT_BLOCKED', 'INSUFFICIENT_SCOPE'],
};
const ADMIN_ONLY: CodesByStatus = { 403: ['FORBIDDEN'] };
const WITH_ID: CodesByStatus = { 400: ['INVALID_ID'] };

/**
 * The codes each operation answers beyond those every operation of its kind can (above), by
 * operationId and status. The OpenAPI document lists both per operation (`x-error-codes`), and
 * the tests refuse any error answer the document does not list for its operation and status.
 */
export const OPERATION_ERRORS: Readonly<Record<string, CodesByStatus>> = {
  archiveProduct: { 404: ['PRODUCT_NOT_FOUND'] },
  cancelOrder: { 400: ['ORDER_NOT_PENDING'], 404: ['ORDER_NOT_FOUND'], 409: ['PAYMENT_IN_PROGRESS'] },
  changePassword: { 400: ['INVALID_CURRENT_PASSWORD'] },
  connectWallet: { 400: ['INVALID_ADDRESS'] },
  createOrder: {
    400: ['INSUFFICIENT_STOCK', 'NO_WALLET', 'ORDER_TOTAL_TOO_LOW'],
    404: ['PRODUCT_NOT_FOUND'],
    409: ['PENDING_ORDER_EXISTS'],
    503: ['MERCHANT_NOT_CONFIGURED'],
  },
  createTokens: {
    401: ['INVALID_CREDENTIALS', 'INVALID_TWO_FACTOR_CODE', 'TWO_FACTOR_REQUIRED'],
    403: ['ACCOUNT_BLOCKED'],
  },
  createWebhook: { 400: ['WEBHOOK_URL_NOT_ALLOWED'] },
  deleteWebhook: { 404: ['WEBHOOK_NOT_FOUND'] },
  disableTwoFactor: { 400: ['INVALID_CURRENT_PASSWORD', 'INVALID_TWO_FACTOR_CODE'] },
  enableTwoFactor: { 400: ['INVALID_CURRENT_PASSWORD'] },
  getOrder: { 404: ['ORDER_NOT_FOUND'] },
  getOrderHistory: { 404: ['ORDER_NOT_FOUND'] },
  getProduct: { 404: ['PRODUCT_NOT_FOUND'] },
  getReconciliationReport: { 404: ['RECONCILIATION_NOT_RUN'] },
  getTransaction: { 404: ['TRANSACTION_NOT_FOUND'] },
  getWalletBalance: { 503: ['CHAIN_UNAVAILABLE'] },
  getWebhook: { 404: ['WEBHOOK_NOT_FOUND'] },
  listWebhookDeliveries: { 404: ['WEBHOOK_NOT_FOUND'] },
  login: {
    401: ['INVALID_CREDENTIALS', 'INVALID_TWO_FACTOR_CODE', 'TWO_FACTOR_REQUIRED'],
    403: ['ACCOUNT_BLOCKED'],
  },
  openWebSocket: { 426: ['UPGRADE_REQUIRED'] },
  overrideOrderStatus: {
    400: ['INVALID_STATUS'],
    403: ['FORBIDDEN'],
    404: ['ORDER_NOT_FOUND'],
    409: ['ORDER_HAS_PAYMENT', 'PAYMENT_IN_PROGRESS', 'PENDING_ORDER_EXISTS', 'REFUND_IN_PROGRESS'],
  },
  overrideOrderStatusLegacy: {
    400: ['INVALID_STATUS'],
    404: ['ORDER_NOT_FOUND'],
    409: ['ORDER_HAS_PAYMENT', 'PAYMENT_IN_PROGRESS', 'PENDING_ORDER_EXISTS', 'REFUND_IN_PROGRESS'],
  },
  payOrder: {
    400: ['INSUFFICIENT_BALANCE', 'INSUFFICIENT_STOCK', 'ORDER_NOT_PENDING'],
    403: ['NOT_ORDER_OWNER'],
    404: ['ORDER_NOT_FOUND'],
    409: ['PAYMENT_IN_PROGRESS'],
    502: ['PAYMENT_FAILED'],
    503: ['CHAIN_UNAVAILABLE'],
  },
  pingWebhook: { 404: ['WEBHOOK_NOT_FOUND'] },
  redeliverWebhookDelivery: { 404: ['WEBHOOK_DELIVERY_NOT_FOUND', 'WEBHOOK_NOT_FOUND'] },
  refreshSession: { 401: ['UNAUTHENTICATED'], 403: ['ACCOUNT_BLOCKED'] },
  refreshSessionLegacy: { 401: ['UNAUTHENTICATED'], 403: ['ACCOUNT_BLOCKED'] },
  refreshTokens: { 401: ['UNAUTHENTICATED'], 403: ['ACCOUNT_BLOCKED'] },
  refundOrder: {
    400: [
      'INSUFFICIENT_ADMIN_BALANCE',
      'NOTHING_TO_REFUND',
      'ORDER_ALREADY_REFUNDED',
      'ORDER_NOT_COMPLETED',
      'REFUND_EXCEEDS_PAID',
    ],
    404: ['ORDER_NOT_FOUND'],
    409: ['REFUND_IN_PROGRESS'],
    500: ['ADMIN_WALLET_NOT_CONFIGURED'],
    502: ['PAYMENT_FAILED'],
    503: ['CHAIN_UNAVAILABLE'],
  },
  register: { 409: ['EMAIL_TAKEN', 'USERNAME_TAKEN'] },
  revokeApiKey: { 404: ['API_KEY_NOT_FOUND'] },
  revokeSession: { 404: ['SESSION_NOT_FOUND'] },
  rotateWebhookSecret: { 404: ['WEBHOOK_NOT_FOUND'] },
  sendFromWallet: {
    400: ['INSUFFICIENT_BALANCE', 'INVALID_ADDRESS', 'INVALID_TWO_FACTOR_CODE', 'NO_WALLET'],
    409: ['PAYMENT_IN_PROGRESS'],
    422: ['IDEMPOTENCY_KEY_REUSED'],
    502: ['PAYMENT_FAILED'],
    503: ['CHAIN_UNAVAILABLE'],
  },
  setCustomerActive: { 400: ['CANNOT_BLOCK_ADMIN'], 404: ['USER_NOT_FOUND'] },
  updateProduct: { 404: ['PRODUCT_NOT_FOUND'] },
  updateProfile: { 409: ['EMAIL_TAKEN', 'USERNAME_TAKEN'] },
  updateProfileLegacy: { 409: ['EMAIL_TAKEN', 'USERNAME_TAKEN'] },
  listMerchantLedger: { 503: ['CHAIN_UNAVAILABLE'] },
  exportMerchantLedger: { 503: ['CHAIN_UNAVAILABLE'] },
  updateWebhook: { 400: ['WEBHOOK_URL_NOT_ALLOWED'], 404: ['WEBHOOK_NOT_FOUND'] },
  runReconciliation: { 409: ['RECONCILIATION_RUNNING'], 503: ['CHAIN_UNAVAILABLE'] },
  verifyOrderPayment: {
    400: [
      'ORDER_NOT_PENDING',
      'TX_ALREADY_LINKED',
      'TX_AMOUNT_TOO_LOW',
      'TX_FAILED',
      'TX_NOT_FOUND',
      'TX_NOT_SOLIDIFIED',
      'TX_WRONG_RECIPIENT',
    ],
    404: ['ORDER_NOT_FOUND'],
    409: ['PAYMENT_IN_PROGRESS'],
    503: ['CHAIN_UNAVAILABLE'],
  },
  verifyTwoFactor: { 400: ['INVALID_TWO_FACTOR_CODE'] },
};

const merge = (...tables: readonly CodesByStatus[]): Record<string, ErrorCode[]> => {
  const merged: Record<string, ErrorCode[]> = {};
  for (const table of tables) {
    for (const [status, codes] of Object.entries(table)) {
      merged[status] = [...new Set([...(merged[status] ?? []), ...(codes ?? [])])].sort();
    }
  }
  return merged;
};

/** Every code an operation can answer, by status: its own, and those of every operation of its kind. */
export const errorCodesOf = (operation: {
  readonly operationId: string;
  readonly path: string;
  readonly signedIn: boolean;
}): Record<string, ErrorCode[]> =>
  merge(
    ANY_OPERATION,
    operation.signedIn ? SIGNED_IN : {},
    operation.path.startsWith('/api/admin') ? ADMIN_ONLY : {},
    operation.path.includes('{') ? WITH_ID : {},
    OPERATION_ERRORS[operation.operationId] ?? {},
  );
