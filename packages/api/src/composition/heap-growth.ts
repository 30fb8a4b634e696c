import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what its last full collection kept, in percent.
 * V8 picks the factor from the heap's limit: on a machine with a few GiB to spare it lets the old
 * generation reach four times its live size before collecting it again. This service keeps about
 * 50 MB alive under load (its memos are bounded) while every request's garbage that outlives two
 * scavenges (a page being built and sent) is promoted, so the process grew to 220-300 MiB of
 * mostly dead objects between full collections. At 1.5 times the live size it stays near 180 MiB
 * for about 0.3% more CPU spent collecting (docs/performance.md, "Peak RSS"). The heap's limit
 * itself is untouched: no new out-of-memory point.
 */
export const HEAP_GROWTH_PERCENT = 50;

const GROWTH_FLAG = /^--heap[-_]growing[-_]percent(=|$)/;

/**
 * Sets the service's heap growth for every collection from now on, unless the process was
 * started with its own `--heap-growing-percent` (an operator's choice wins). Answers the flag set,
 * or null when the operator's stands.
 */
export const applyHeapGrowth = (
  execArgv: readonly string[],
  setFlags: (flags: string) => void = setFlagsFromString,
): string | null => {
  if (execArgv.some((arg) => GROWTH_FLAG.test(arg))) return null;
  const flag = `--heap-growing-percent=${HEAP_GROWTH_PERCENT}`;
  setFlags(flag);
  return flag;
};
