import type { FeeSchedule } from '../options.js';
import { usageAt } from './bandwidth.js';
import { type Refusal, refuse } from './refusals.js';

export interface BandwidthBill {
  readonly netUsage: number;
  readonly netFee: number;
  readonly ownerFreeNetUsage: number;
  readonly ownerLatestConsumeFreeTime: number;
}

/**
 * `BandwidthProcessor.consume` with no staked bandwidth. A transfer that activates its recipient
 * never uses the free daily bandwidth: it burns the account-creation bandwidth fee instead.
 */
export const billBandwidth = (
  balance: number,
  usage: { freeNetUsage: number; latestConsumeFreeTime: number },
  bytes: number,
  createsAccount: boolean,
  now: number,
  fees: FeeSchedule,
): BandwidthBill | Refusal => {
  const unchanged = {
    ownerFreeNetUsage: usage.freeNetUsage,
    ownerLatestConsumeFreeTime: usage.latestConsumeFreeTime,
  };
  if (createsAccount) {
    if (balance < fees.createNewAccountBandwidthFeeSun) return refuse.bandwidth();
    return { netUsage: 0, netFee: fees.createNewAccountBandwidthFeeSun, ...unchanged };
  }
  const inUse = usageAt(usage.freeNetUsage, usage.latestConsumeFreeTime, now);
  if (bytes <= fees.freeBandwidthBytes - inUse) {
    return { netUsage: bytes, netFee: 0, ownerFreeNetUsage: inUse + bytes, ownerLatestConsumeFreeTime: now };
  }
  const burn = bytes * fees.burnSunPerByte;
  if (balance < burn) return refuse.bandwidth();
  return { netUsage: 0, netFee: burn, ...unchanged };
};
