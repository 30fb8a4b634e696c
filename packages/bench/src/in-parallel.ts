/** Runs `work(index)` for every index below `count`, at most `concurrency` at a time. */
export const forEachIndex = async (
  count: number,
  concurrency: number,
  work: (index: number) => Promise<void>,
): Promise<void> => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
};
