import { describe } from 'vitest';
import type { ContractHarness } from './harness.js';
import { describeCounterContract } from './suite/counters.contract.js';
import { describeCustomerReadModelContract } from './suite/customers.contract.js';
import { describeDashboardContract } from './suite/dashboard.contract.js';
import { describeLeaseContract } from './suite/leases.contract.js';
import { describeRefundedOverrideContract } from './suite/refunded-override.contract.js';
import { describeVerifiedPaymentContract } from './suite/verified-payment.contract.js';
import { describeLedgerScanContract } from './suite/ledger-scan.contract.js';
import { describeSalesRangeContract } from './suite/sales-range.contract.js';
import { describeWalletMovementContract } from './suite/wallet-movements.contract.js';
import { describeOrderClaimContract } from './suite/order-claims.contract.js';
import { describeOrderStatusContract } from './suite/order-status.contract.js';
import { describeOrderContract } from './suite/orders.contract.js';
import { describeProductContract } from './suite/products.contract.js';
import { describeRaceContract } from './suite/races.contract.js';
import { describeReservationContract } from './suite/reservations.contract.js';
import { describeSessionContract } from './suite/sessions.contract.js';
import { describeStockContract } from './suite/stock.contract.js';
import { describeTransactionContract } from './suite/transactions.contract.js';
import { describeUserContract } from './suite/users.contract.js';
import { describeWithdrawalContract } from './suite/withdrawals.contract.js';

/** Defines the whole store contract (vitest describe/it blocks) against one adapter. */
export const describeStoreContract = (harness: ContractHarness): void => {
  describe(`store contract: ${harness.name}`, () => {
    describeUserContract(harness);
    describeProductContract(harness);
    describeStockContract(harness);
    describeReservationContract(harness);
    describeOrderContract(harness);
    describeOrderStatusContract(harness);
    describeRefundedOverrideContract(harness);
    describeVerifiedPaymentContract(harness);
    describeOrderClaimContract(harness);
    describeCounterContract(harness);
    describeTransactionContract(harness);
    describeSessionContract(harness);
    describeWithdrawalContract(harness);
    describeLeaseContract(harness);
    describeLedgerScanContract(harness);
    describeWalletMovementContract(harness);
    describeSalesRangeContract(harness);
    describeCustomerReadModelContract(harness);
    if (harness.hasDashboardReadModel !== false) describeDashboardContract(harness);
    describeRaceContract(harness);
  });
};
