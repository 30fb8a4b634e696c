import {
  checkMerchantBalance,
  formatSunAsTrx,
  type Logger,
  type MerchantBalanceCheckDeps,
  type ScheduledTask,
  type Scheduler,
  type Sun,
} from '@trx-shop/domain';

export interface MerchantBalanceWatchOptions {
  readonly deps: MerchantBalanceCheckDeps;
  readonly logger: Logger;
  readonly scheduler: Scheduler;
  /** MERCHANT_LOW_BALANCE_TRX. */
  readonly thresholdSun: Sun;
  /** MERCHANT_BALANCE_CHECK_INTERVAL_MS. */
  readonly intervalMs: number;
}

/**
 * Compares the merchant wallet's solidified balance with MERCHANT_LOW_BALANCE_TRX at start and
 * then every interval, on every instance: the store records each crossing once, whichever
 * instances look, and its event mails the admins. A look that cannot be made (the node does not
 * answer, no merchant wallet yet) is logged once until a look succeeds again, and the next tick
 * simply tries again.
 */
export const startMerchantBalanceWatch = ({
  deps,
  logger,
  scheduler,
  thresholdSun,
  intervalMs,
}: MerchantBalanceWatchOptions): ScheduledTask => {
  let failingWith: string | null = null;
  return scheduler.every(intervalMs, async () => {
    const result = await checkMerchantBalance(deps, thresholdSun);
    if (!result.ok) {
      if (failingWith !== result.error.code) {
        logger.warn(
          { code: result.error.code, err: result.error.message },
          'merchant balance check skipped; it tries again every interval',
        );
      }
      failingWith = result.error.code;
      return;
    }
    failingWith = null;
    const check = result.value;
    const seen = {
      address: check.address,
      balance: formatSunAsTrx(check.balanceSun),
      threshold: formatSunAsTrx(check.thresholdSun),
    };
    if (check.crossed) {
      if (check.low) logger.warn(seen, 'merchant wallet balance is below MERCHANT_LOW_BALANCE_TRX');
      else logger.info(seen, 'merchant wallet balance is back at or above MERCHANT_LOW_BALANCE_TRX');
    }
    logger.debug({ ...seen, low: check.low }, 'merchant balance checked');
  });
};
