import {
  ARCHIVE_PRODUCT_ERRORS,
  BEGIN_TWO_FACTOR_SETUP_ERRORS,
  CANCEL_ORDER_ERRORS,
  CHANGE_PASSWORD_ERRORS,
  CONNECT_WALLET_ERRORS,
  CREATE_API_KEY_ERRORS,
  CREATE_ORDER_ERRORS,
  CREATE_PRODUCT_ERRORS,
  CUSTOMER_DETAIL_ERRORS,
  DISABLE_TWO_FACTOR_ERRORS,
  FEE_ESTIMATE_ERRORS,
  FIND_RECONCILIATION_RUN_ERRORS,
  type ErrorCode,
  FIND_ADMIN_PRODUCT_ERRORS,
  LEDGER_ADDRESS_ERRORS,
  LIST_AUDIT_TRAIL_ERRORS,
  LIST_OWN_TRANSACTIONS_ERRORS,
  LOGIN_USER_ERRORS,
  ORDER_ACCESS_ERRORS,
  ORDER_HISTORY_ERRORS,
  OVERRIDE_ORDER_STATUS_ERRORS,
  PAY_ORDER_ERRORS,
  QUOTE_ORDER_ERRORS,
  RECONCILE_LEDGER_ERRORS,
  REDELIVER_WEBHOOK_ERRORS,
  REFRESH_SESSION_ERRORS,
  REFUND_ORDER_ERRORS,
  RETRY_MAIL_ERRORS,
  REGISTER_USER_ERRORS,
  REQUEST_PASSWORD_RESET_ERRORS,
  RESEND_EMAIL_VERIFICATION_ERRORS,
  VERIFY_EMAIL_ERRORS,
  RESET_PASSWORD_ERRORS,
  REVOKE_API_KEY_ERRORS,
  REVOKE_SESSION_ERRORS,
  SET_CUSTOMER_ACTIVE_ERRORS,
  UPDATE_PRODUCT_ERRORS,
  UPDATE_MAIL_PREFERENCES_ERRORS,
  UPDATE_PROFILE_ERRORS,
  UPDATE_WEBHOOK_ERRORS,
  VERIFY_PAYMENT_ERRORS,
  VERIFY_TWO_FACTOR_ERRORS,
  VIEW_OWN_TRANSACTION_ERRORS,
  WALLET_BALANCES_ERRORS,
  WEBHOOK_FIELDS_ERRORS,
  WEBHOOK_NOT_FOUND_ERRORS,
  WITHDRAW_ERRORS,
} from '@trx-shop/domain';
import { LOGIN_STATUS_OVERRIDES, STATUS_OF } from './error-status.js';

type CodesByStatus = Readonly<Partial<Record<number, readonly ErrorCode[]>>>;
type StatusOverrides = Readonly<Partial<Record<ErrorCode, number>>>;

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
/** What a state-changing operation can answer a browser asking from another site (plugins/cross-site-requests.ts). */
const STATE_CHANGING: CodesByStatus = { 403: ['CROSS_SITE_REQUEST'] };
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

/** Where an operation's own codes come from: its use case's error union, or a hand list and why. */
export type OperationCodes =
  | {
      /** The use case's checked tuple of its error union. */
      readonly derivedFrom: readonly ErrorCode[];
      /** Where the route answers a code with another status than the mapping table's. */
      readonly statusOverrides: StatusOverrides;
      readonly codes: CodesByStatus;
    }
  | { readonly byHand: string; readonly codes: CodesByStatus };

/**
 * The codes a use case can return, by the status each answers with, plus what the route adds:
 * so the document lists what the use case's type allows, no more.
 */
const derived = (
  useCase: readonly ErrorCode[],
  { overrides = {}, added = [] }: { overrides?: StatusOverrides; added?: readonly CodesByStatus[] } = {},
): OperationCodes => ({
  derivedFrom: useCase,
  statusOverrides: overrides,
  codes: merge(...useCase.map((code) => ({ [overrides[code] ?? STATUS_OF[code]]: [code] })), ...added),
});

/** An operation whose route calls no use case that returns its failures: listed here, with why. */
const byHand = (because: string, codes: CodesByStatus = {}): OperationCodes => ({ byHand: because, codes });

const ANSWERS_THE_CALLER = 'answers the caller from the request’s identity; nothing of its own can fail';
const READ_WITHOUT_FAILURES =
  'a read whose use case cannot fail: its only failures are those of its kind (query, credentials)';
const PROBE = 'a health probe: it answers its report, never an error body of its own';

/**
 * The codes each operation answers beyond those every operation of its kind can (above), by
 * operationId: derived from its use case's error union where the route calls one, listed by hand
 * (with the reason) for the others. The OpenAPI document lists both per operation
 * (`x-error-codes`), and the tests refuse any error answer the document does not list for its
 * operation and status.
 */
export const OPERATION_CODES: Readonly<Record<string, OperationCodes>> = {
  archiveProduct: derived(ARCHIVE_PRODUCT_ERRORS),
  cancelOrder: derived(CANCEL_ORDER_ERRORS),
  changePassword: derived(CHANGE_PASSWORD_ERRORS),
  changePasswordLegacy: derived(CHANGE_PASSWORD_ERRORS),
  connectWallet: derived(CONNECT_WALLET_ERRORS),
  connectWalletLegacy: derived(CONNECT_WALLET_ERRORS),
  createApiKey: derived(CREATE_API_KEY_ERRORS),
  createOrder: derived(CREATE_ORDER_ERRORS),
  createProduct: derived(CREATE_PRODUCT_ERRORS),
  createTokens: derived(LOGIN_USER_ERRORS, { overrides: LOGIN_STATUS_OVERRIDES }),
  createWebhook: derived(WEBHOOK_FIELDS_ERRORS),
  deleteWebhook: derived(WEBHOOK_NOT_FOUND_ERRORS),
  disableTwoFactor: derived(DISABLE_TWO_FACTOR_ERRORS),
  enableTwoFactor: derived(BEGIN_TWO_FACTOR_SETUP_ERRORS),
  exportCustomers: byHand(READ_WITHOUT_FAILURES),
  exportMerchantLedger: derived(LEDGER_ADDRESS_ERRORS),
  exportSales: byHand('the route streams the store’s sales itself; a bad range is a VALIDATION_ERROR'),
  getAdminProduct: derived(FIND_ADMIN_PRODUCT_ERRORS),
  getCurrentUser: byHand(ANSWERS_THE_CALLER),
  getCustomer: derived(CUSTOMER_DETAIL_ERRORS),
  getDashboardStats: byHand(READ_WITHOUT_FAILURES),
  getFeeEstimate: derived(FEE_ESTIMATE_ERRORS, { added: [READS_CHAIN] }),
  getHealth: byHand(PROBE),
  getMailboxMail: byHand('the route reads the mailbox itself, when the service uses one', {
    404: ['MAILBOX_NOT_IN_USE', 'MAIL_MESSAGE_NOT_FOUND'],
  }),
  getLiveness: byHand(PROBE),
  getOrder: derived(ORDER_ACCESS_ERRORS),
  getOrderHistory: derived(ORDER_HISTORY_ERRORS),
  getProduct: byHand('the route reads the catalogue itself; a missing or archived product is not found', {
    404: ['PRODUCT_NOT_FOUND'],
  }),
  getMailPreferences: byHand(READ_WITHOUT_FAILURES),
  getProfile: byHand(ANSWERS_THE_CALLER),
  getReadiness: byHand(PROBE),
  getReconciliationReport: byHand('the route reads the latest report from the store itself', {
    404: ['RECONCILIATION_NOT_RUN'],
  }),
  getReconciliationRun: derived(FIND_RECONCILIATION_RUN_ERRORS),
  getTransaction: derived(VIEW_OWN_TRANSACTION_ERRORS),
  getWalletBalance: derived(WALLET_BALANCES_ERRORS, { added: [READS_CHAIN] }),
  getWebhook: derived(WEBHOOK_NOT_FOUND_ERRORS),
  listAcceptedCurrencies: byHand(
    'the route answers the shop’s configured currencies; nothing of its own can fail',
  ),
  listAdminProducts: byHand(READ_WITHOUT_FAILURES),
  listApiKeys: byHand(READ_WITHOUT_FAILURES),
  listAuditEntries: derived(LIST_AUDIT_TRAIL_ERRORS),
  listCustomers: byHand(READ_WITHOUT_FAILURES),
  listMailbox: byHand('the route reads the mailbox itself, when the service uses one', {
    404: ['MAILBOX_NOT_IN_USE'],
  }),
  listMailMessages: byHand(READ_WITHOUT_FAILURES),
  listMerchantLedger: derived(LEDGER_ADDRESS_ERRORS),
  listOrders: byHand(READ_WITHOUT_FAILURES),
  listReconciliationRuns: byHand(READ_WITHOUT_FAILURES),
  listProducts: byHand(READ_WITHOUT_FAILURES),
  listSales: byHand('the route pages the store’s sales itself; a bad range is a VALIDATION_ERROR'),
  listSessions: byHand(READ_WITHOUT_FAILURES),
  listTransactions: derived(LIST_OWN_TRANSACTIONS_ERRORS),
  listWebhookDeliveries: derived(WEBHOOK_NOT_FOUND_ERRORS),
  listWebhooks: byHand(READ_WITHOUT_FAILURES),
  login: derived(LOGIN_USER_ERRORS, { overrides: LOGIN_STATUS_OVERRIDES }),
  logout: byHand('it ends whatever session it is shown and always answers 200'),
  openWebSocket: byHand('a request without the upgrade is refused before any use case runs', {
    426: ['UPGRADE_REQUIRED'],
  }),
  overrideOrderStatus: derived(OVERRIDE_ORDER_STATUS_ERRORS, { added: [ADMIN_ONLY] }),
  overrideOrderStatusLegacy: derived(OVERRIDE_ORDER_STATUS_ERRORS),
  payOrder: derived(PAY_ORDER_ERRORS, { added: [READS_CHAIN] }),
  pingWebhook: derived(WEBHOOK_NOT_FOUND_ERRORS),
  redeliverWebhookDelivery: derived(REDELIVER_WEBHOOK_ERRORS),
  refreshSession: derived(REFRESH_SESSION_ERRORS),
  refreshSessionLegacy: derived(REFRESH_SESSION_ERRORS),
  refreshTokens: derived(REFRESH_SESSION_ERRORS),
  quoteOrder: derived(QUOTE_ORDER_ERRORS),
  refundOrder: derived(REFUND_ORDER_ERRORS, { added: [READS_CHAIN] }),
  register: derived(REGISTER_USER_ERRORS),
  requestPasswordReset: derived(REQUEST_PASSWORD_RESET_ERRORS),
  resendEmailVerification: derived(RESEND_EMAIL_VERIFICATION_ERRORS),
  resetPassword: derived(RESET_PASSWORD_ERRORS),
  retryMailMessage: derived(RETRY_MAIL_ERRORS),
  revokeApiKey: derived(REVOKE_API_KEY_ERRORS),
  revokeSession: derived(REVOKE_SESSION_ERRORS),
  rotateWebhookSecret: derived(WEBHOOK_NOT_FOUND_ERRORS),
  runReconciliation: derived(RECONCILE_LEDGER_ERRORS, { added: [READS_CHAIN] }),
  sendFromWallet: derived(WITHDRAW_ERRORS, { added: [READS_CHAIN] }),
  sendTestMail: byHand('queuing a mail to the caller cannot fail'),
  setCustomerActive: derived(SET_CUSTOMER_ACTIVE_ERRORS),
  updateMailPreferences: derived(UPDATE_MAIL_PREFERENCES_ERRORS),
  updateProduct: derived(UPDATE_PRODUCT_ERRORS),
  updateProfile: derived(UPDATE_PROFILE_ERRORS),
  updateProfileLegacy: derived(UPDATE_PROFILE_ERRORS),
  updateWebhook: derived(UPDATE_WEBHOOK_ERRORS),
  verifyEmail: derived(VERIFY_EMAIL_ERRORS),
  verifyOrderPayment: derived(VERIFY_PAYMENT_ERRORS, { added: [READS_CHAIN] }),
  verifyTwoFactor: derived(VERIFY_TWO_FACTOR_ERRORS),
};

/** Every code an operation can answer, by status: its own, and those of every operation of its kind. */
export const errorCodesOf = (operation: {
  readonly operationId: string;
  readonly path: string;
  readonly signedIn: boolean;
  readonly stateChanging: boolean;
}): Record<string, ErrorCode[]> =>
  merge(
    ANY_OPERATION,
    operation.signedIn ? SIGNED_IN : {},
    operation.stateChanging ? STATE_CHANGING : {},
    operation.path.startsWith('/api/admin') ? ADMIN_ONLY : {},
    operation.path.includes('{') ? WITH_ID : {},
    OPERATION_CODES[operation.operationId]?.codes ?? {},
  );
