import type { Sun } from '@trx-shop/domain';

/** Chain parameters that price a TRX transfer (java-tron dynamic properties; mainnet values by default). */
export interface TransferFeeSchedule {
  /** `getTransactionFee`: SUN burned per bandwidth byte the sender cannot cover. */
  readonly burnSunPerByte: Sun;
  /** `getCreateAccountFee`: burned for the bandwidth of a transfer that activates an account. */
  readonly createAccountFeeSun: Sun;
  /** `getCreateNewAccountFeeInSystemContract`: burned by the transfer contract on activation. */
  readonly createNewAccountFeeInSystemContractSun: Sun;
}

export const MAINNET_FEE_SCHEDULE: TransferFeeSchedule = {
  burnSunPerByte: 1_000,
  createAccountFeeSun: 100_000,
  createNewAccountFeeInSystemContractSun: 1_000_000,
};

/** Bandwidth the sender has left right now (after java-tron's linear 24 h recovery). */
export interface SenderBandwidth {
  readonly freeBytesLeft: number;
  readonly stakedBytesLeft: number;
}

export interface TransferFeeInput {
  readonly bandwidthBytes: number;
  readonly sender: SenderBandwidth;
  readonly recipientExists: boolean;
  readonly schedule: TransferFeeSchedule;
}

/**
 * Mirrors java-tron's BandwidthProcessor and TransferActuator for one TRX transfer. Activating a
 * recipient never draws on free bandwidth: it takes staked bandwidth or burns the account
 * creation fee, and the transfer contract burns its own activation fee on top. Otherwise staked
 * bandwidth pays first, then the free allowance, and only when a pool cannot cover the whole
 * transaction are all its bytes burned (pools are never combined).
 */
export const transferFeeSun = ({
  bandwidthBytes,
  sender,
  recipientExists,
  schedule,
}: TransferFeeInput): Sun => {
  if (!recipientExists) {
    const bandwidthPart = sender.stakedBytesLeft >= bandwidthBytes ? 0 : schedule.createAccountFeeSun;
    return bandwidthPart + schedule.createNewAccountFeeInSystemContractSun;
  }
  if (sender.stakedBytesLeft >= bandwidthBytes || sender.freeBytesLeft >= bandwidthBytes) return 0;
  return bandwidthBytes * schedule.burnSunPerByte;
};
