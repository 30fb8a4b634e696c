import { describe, expect, it } from 'vitest';
import { MAINNET_FEE_SCHEDULE } from '../src/index.js';
import { transferFeeSun } from '../src/transfer-fee.js';

// Cases the devnet cannot produce (it has no staking); the rules are java-tron's BandwidthProcessor.
describe('transfer fee rules beyond the devnet', () => {
  const fee = (freeBytesLeft: number, stakedBytesLeft: number, recipientExists: boolean) =>
    transferFeeSun({
      bandwidthBytes: 268,
      sender: { freeBytesLeft, stakedBytesLeft },
      recipientExists,
      schedule: MAINNET_FEE_SCHEDULE,
    });

  it('charges nothing when staked bandwidth covers the transfer even with no free bandwidth left', () => {
    expect(fee(0, 268, true)).toBe(0);
  });

  it('burns every byte when neither pool alone covers the transfer, never combining them', () => {
    expect(fee(200, 200, true)).toBe(268 * 1_000);
  });

  it('charges only the 1 TRX activation when staked bandwidth pays the bytes of an activation', () => {
    expect(fee(600, 268, false)).toBe(1_000_000);
  });

  it('ignores free bandwidth for an activation: 0.1 TRX plus 1 TRX', () => {
    expect(fee(600, 0, false)).toBe(1_100_000);
  });
});
