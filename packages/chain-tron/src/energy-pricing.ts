import type { Sun } from '@trx-shop/domain';
import { isRecord, MalformedReplyError } from './node-replies.js';

/** What the chain charges for energy now: governance changes both (tron-trc20.md section 3). */
export interface EnergyPricing {
  /** `getEnergyFee`: SUN burned per unit of energy. */
  readonly energyFeeSun: Sun;
  /** `getMaxFeeLimit`: the largest `fee_limit` the chain accepts; null when the node names none. */
  readonly maxFeeLimitSun: Sun | null;
}

/**
 * `wallet/getchainparameters`: `{"chainParameter": [{"key", "value"}]}`, where a parameter whose
 * value is zero has no `value` (java-tron omits defaults).
 */
export const energyPricingOfReply = (reply: unknown): EnergyPricing => {
  const parameters = isRecord(reply) && Array.isArray(reply.chainParameter) ? reply.chainParameter : null;
  if (parameters === null) throw new MalformedReplyError('the chain parameters are not a list');
  const parameter = (key: string): number | undefined => {
    const entry = (parameters as unknown[]).find((item) => isRecord(item) && item.key === key);
    if (!isRecord(entry)) return undefined;
    const value = entry.value ?? 0;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      throw new MalformedReplyError(`chain parameter ${key} is not a whole number`);
    }
    return value;
  };
  const energyFeeSun = parameter('getEnergyFee');
  if (energyFeeSun === undefined || energyFeeSun === 0) {
    throw new MalformedReplyError('the chain parameters name no energy price (getEnergyFee)');
  }
  return { energyFeeSun, maxFeeLimitSun: parameter('getMaxFeeLimit') ?? null };
};

/**
 * The last answer of `read` for `ttlMs`, keyed on nothing (one node, one price); concurrent
 * callers share one request, and a failure is never kept, so the next call asks again.
 */
export const keptFor = <T>(ttlMs: number, read: () => Promise<T>): (() => Promise<T>) => {
  let kept: { readonly value: Promise<T>; readonly until: number } | null = null;
  return () => {
    const now = Date.now();
    if (kept !== null && now < kept.until) return kept.value;
    const value = read();
    const entry = { value, until: now + ttlMs };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = null;
    });
    return value;
  };
};
