export { buildAccountToken } from './builders/account-token.builder.js';
export { buildApiKey } from './builders/api-key.builder.js';
export { buildEventActor, buildShopEvent } from './builders/event.builder.js';
export { BUILDER_NOW, minutesAfter } from './builders/fixed-time.js';
export { buildMailAttempt, buildMailboxEntry, buildMailMessage } from './builders/mail.builder.js';
export { newObjectId } from './builders/object-id.js';
export {
  buildOrder,
  buildOrderLine,
  buildOrderRefund,
  buildTransferClaim,
  NETWORK_FEE_SUN,
  newTxId,
} from './builders/order.builder.js';
export { buildProduct } from './builders/product.builder.js';
export { buildSession } from './builders/session.builder.js';
export { buildTransaction } from './builders/transaction.builder.js';
export { buildUser } from './builders/user.builder.js';
export {
  buildWebhookAttempt,
  buildWebhookDelivery,
  buildWebhookEndpoint,
} from './builders/webhook.builder.js';
export { buildWithdrawal } from './builders/withdrawal.builder.js';
export * from './data-set/expected-figures.js';
export * from './data-set/seeded-random.js';
export * from './data-set/shop-data-set.js';
export { describeStoreContract } from './describe-store-contract.js';
export { scannedCustomerIds } from './suite/customer-search.contract.js';
export type { ContractHarness } from './harness.js';
export { raceInWorkers, type WorkerRaceOptions } from './race/race-in-workers.js';
export {
  type CreateOrderOutcome,
  isRaceOperationName,
  type RaceInput,
  type RaceOperationName,
  type RaceOutput,
  raceInProcess,
  raceOperations,
  runRaceOperation,
  type StatusChangeOutcome,
} from './race/race-operations.js';
export { serveRaceWorker } from './race/serve-race-worker.js';
