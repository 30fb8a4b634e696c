/**
 * reject: refused with an error; drop: accepted, never included; timeout: no answer, not
 * accepted; accept-timeout: accepted (it will be included), but the answer never comes.
 */
export type FaultMode = 'reject' | 'drop' | 'timeout' | 'accept-timeout';

export const FAULT_MODES: readonly FaultMode[] = ['reject', 'drop', 'timeout', 'accept-timeout'];

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
