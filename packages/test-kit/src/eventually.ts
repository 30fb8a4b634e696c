/**
 * Polls `read` until `accept` holds on what it answered (state reached by background work: the
 * listener, a child process, the devnet), and answers that value. On time-out the error names the
 * wait and shows the last value read, so a failure says what the test was looking at.
 */
export const eventually = async <T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  description: string,
  timeoutMs = 15_000,
  intervalMs = 25,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!accept(last)) {
    if (Date.now() > deadline)
      throw new Error(`${description}: still ${JSON.stringify(last)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    last = await read();
  }
  return last;
};
