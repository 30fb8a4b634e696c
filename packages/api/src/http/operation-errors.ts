import {
  CANCEL_ORDER_ERRORS,
  CREATE_ORDER_ERRORS,
  type ErrorCode,
  ORDER_ACCESS_ERRORS,
  ORDER_HISTORY_ERRORS,
  OVERRIDE_ORDER_STATUS_ERRORS,
  PAY_ORDER_ERRORS,
  REFUND_ORDER_ERRORS,
  VERIFY_PAYMENT_ERRORS,
  WITHDRAW_ERRORS,
} from '@trx-shop/domain';
import { STATUS_OF } from './error-status.js';

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
/** What an operation whose use case reads the chain can answer: the node's faults are thrown. */
const READS_CHAIN: CodesByStatus = { 503: ['CHAIN_UNAVAILABLE'] };

const merge = (...tables: readonly CodesByStatus[]): Record<string, ErrorCode[]> => {
  const merged: Record<string, ErrorCode[]> = {};
  for (const table of tables) {
    for (const [status, codes] of Object.entries(table)) {
      merged[status] = [...new Set([...(merged[status] ?? []), ...(codes ?? [])])].sort();
    }
  }
  return merged;
};

/**
 * The codes a use case can return (its error union's tuple), by the status each answers with,
 * plus what the route adds: so the document lists what the use case's type allows, no more.
 */
const fromUseCase = (codes: readonly ErrorCode[], ...added: readonly CodesByStatus[]): CodesByStatus =>
  merge(...codes.map((code) => ({ [STATUS_OF[code]]: [code] })), ...added);

/**
 * The codes each operation answers beyond those every operation of its kind can (above), by
 * operationId and status: derived from its use case's error union where the route calls one
 * (`fromUseCase`), listed by hand for the others. The OpenAPI document lists both per operation
 * (`x-error-codes`), and the tests refuse any error answer the document does not list for its
 * operation and status.

 */
export const OPERATION_ERRORS: Readonly<Record<string, CodesByStatus>> = {
  archiveProduct: { 404: ['PRODUCT_NOT_FOUND'] },
  cancelOrder: fromUseCase(CANCEL_ORDER_ERRORS),
  changePassword: { 400: ['INVALID_CURRENT_PASSWORD'] },
  connectWallet: { 400: ['INVALID_ADDRESS'] },
  createOrder: fromUseCase(CREATE_ORDER_ERRORS),
  createTokens: {
    401: ['INVALID_CREDENTIALS', 'INVALID_TWO_FACTOR_CODE', 'TWO_FACTOR_REQUIRED'],
    403: ['ACCOUNT_BLOCKED'],
  },
  createWebhook: { 400: ['WEBHOOK_URL_NOT_ALLOWED'] },
  deleteWebhook: { 404: ['WEBHOOK_NOT_FOUND'] },
  disableTwoFactor: { 400: ['INVALID_CURRENT_PASSWORD', 'INVALID_TWO_FACTOR_CODE'] },
  enableTwoFactor: { 400: ['INVALID_CURRENT_PASSWORD'] },
  getOrder: fromUseCase(ORDER_ACCESS_ERRORS),
  getOrderHistory: fromUseCase(ORDER_HISTORY_ERRORS),
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
  overrideOrderStatus: fromUseCase(OVERRIDE_ORDER_STATUS_ERRORS, ADMIN_ONLY),
  overrideOrderStatusLegacy: fromUseCase(OVERRIDE_ORDER_STATUS_ERRORS),
  payOrder: fromUseCase(PAY_ORDER_ERRORS, READS_CHAIN),
  pingWebhook: { 404: ['WEBHOOK_NOT_FOUND'] },
  redeliverWebhookDelivery: { 404: ['WEBHOOK_DELIVERY_NOT_FOUND', 'WEBHOOK_NOT_FOUND'] },
  refreshSession: { 401: ['UNAUTHENTICATED'], 403: ['ACCOUNT_BLOCKED'] },
  refreshSessionLegacy: { 401: ['UNAUTHENTICATED'], 403: ['ACCOUNT_BLOCKED'] },
  refreshTokens: { 401: ['UNAUTHENTICATED'], 403: ['ACCOUNT_BLOCKED'] },
  refundOrder: fromUseCase(REFUND_ORDER_ERRORS, READS_CHAIN),
  register: { 409: ['EMAIL_TAKEN', 'USERNAME_TAKEN'] },
  revokeApiKey: { 404: ['API_KEY_NOT_FOUND'] },
  revokeSession: { 404: ['SESSION_NOT_FOUND'] },
  rotateWebhookSecret: { 404: ['WEBHOOK_NOT_FOUND'] },
  sendFromWallet: fromUseCase(WITHDRAW_ERRORS, READS_CHAIN),
  setCustomerActive: { 400: ['CANNOT_BLOCK_ADMIN'], 404: ['USER_NOT_FOUND'] },
  updateProduct: { 404: ['PRODUCT_NOT_FOUND'] },
  updateProfile: { 409: ['EMAIL_TAKEN', 'USERNAME_TAKEN'] },
  updateProfileLegacy: { 409: ['EMAIL_TAKEN', 'USERNAME_TAKEN'] },
  listMerchantLedger: { 503: ['CHAIN_UNAVAILABLE'] },
  exportMerchantLedger: { 503: ['CHAIN_UNAVAILABLE'] },
  updateWebhook: { 400: ['WEBHOOK_URL_NOT_ALLOWED'], 404: ['WEBHOOK_NOT_FOUND'] },
  runReconciliation: { 409: ['RECONCILIATION_RUNNING'], 503: ['CHAIN_UNAVAILABLE'] },
  verifyOrderPayment: fromUseCase(VERIFY_PAYMENT_ERRORS, READS_CHAIN),
  verifyTwoFactor: { 400: ['INVALID_TWO_FACTOR_CODE'] },
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
