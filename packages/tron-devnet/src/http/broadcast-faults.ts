import type { TransferFailure } from '../chain/chain-state.js';

/**
 * reject: refused with an error; drop: accepted, never included; timeout: no answer, not
 * accepted; accept-timeout: accepted (it will be included), but the answer never comes;
 * fail-in-block: accepted and included, but its contract fails, so no TRX moves.
 */
export type FaultMode = 'reject' | 'drop' | 'timeout' | 'accept-timeout' | 'fail-in-block';

export const FAULT_MODES: readonly FaultMode[] = [
  'reject',
  'drop',
  'timeout',
  'accept-timeout',
  'fail-in-block',
];

/**
 * The result `fail-in-block` writes: java-tron's for a TRX transfer that failed while executing
 * (`Program.TransferException`, whose runtime error starts "transfer trx failed: ").
 */
export const FAIL_IN_BLOCK: TransferFailure = {
  contractRet: 'TRANSFER_FAILED',
  message: 'transfer trx failed: devnet fault: fail-in-block',
};

export const isFaultMode = (value: unknown): value is FaultMode =>
  typeof value === 'string' && (FAULT_MODES as readonly string[]).includes(value);

/** The next N broadcasts misbehave in one chosen way; a new setting replaces the old one. */
export class BroadcastFaults {
  #mode: FaultMode | null = null;
  #remaining = 0;

  arm(mode: FaultMode, count: number): void {
    this.#mode = count > 0 ? mode : null;
    this.#remaining = count;
  }

  /** Consumes one armed fault, if any, for the broadcast being handled. */
  take(): FaultMode | null {
    if (this.#mode === null || this.#remaining === 0) return null;
    const mode = this.#mode;
    this.#remaining -= 1;
    if (this.#remaining === 0) this.#mode = null;
    return mode;
  }

  get state(): { readonly mode: FaultMode | null; readonly remaining: number } {
    return { mode: this.#mode, remaining: this.#remaining };
  }
}
