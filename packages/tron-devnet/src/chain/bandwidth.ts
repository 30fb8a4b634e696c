/** java-tron recovers used bandwidth linearly over a 24 h window (28,800 slots of 3 s). */
export const BANDWIDTH_WINDOW_MS = 86_400_000;

/** `ResourceProcessor.increase(lastUsage, 0, lastTime, now)`: what is still in use at `now`. */
export const usageAt = (lastUsage: number, lastTime: number, now: number): number => {
  if (lastUsage === 0) return 0;
  const elapsed = now - lastTime;
  if (elapsed <= 0) return lastUsage;
  if (elapsed >= BANDWIDTH_WINDOW_MS) return 0;
  return Math.round((lastUsage * (BANDWIDTH_WINDOW_MS - elapsed)) / BANDWIDTH_WINDOW_MS);
};
