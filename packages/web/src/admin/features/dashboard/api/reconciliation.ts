import { RECONCILIATION_QUERIES } from '../../../../shared/api/latest-reconciliation.js';

export { useLatestReconciliation } from '../../../../shared/api/latest-reconciliation.js';

export const reconciliationKeys = { all: RECONCILIATION_QUERIES };
