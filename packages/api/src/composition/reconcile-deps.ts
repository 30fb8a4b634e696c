import { requestPace } from '@trx-shop/chain-tron';
import type { ReconcileDeps } from '@trx-shop/domain';

export interface ReconcileParts extends Omit<ReconcileDeps, 'pace'> {
  /** Balance reads per second (RECONCILE_MAX_REQUESTS_PER_SECOND); 0: no limit. */
  readonly requestsPerSecond: number;
}

/** Reconciliation's dependencies, for the route and the CLI alike; balance reads paced. */
export const reconcileDeps = ({ requestsPerSecond, ...parts }: ReconcileParts): ReconcileDeps => ({
  ...parts,
  pace: requestPace(requestsPerSecond),
});
