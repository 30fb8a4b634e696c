/**
 * The payloads of tokens whose signature was checked, by the token's own text, the least recently
 * used dropped first. A client sends its access token with every request until it expires; a hit
 * skips the decoding and the HMAC. Keyed by the text itself rather than a digest of it (as
 * fast-jwt's own cache is), so a hit computes no hash and only the exact token that was checked
 * is ever answered from here.
 */
export interface VerifiedTokenMemo {
  payloadOf(token: string): Record<string, unknown> | undefined;
  remember(token: string, payload: Record<string, unknown>): void;
}

export const createVerifiedTokenMemo = (capacity: number): VerifiedTokenMemo => {
  const payloads = new Map<string, Record<string, unknown>>();
  return {
    payloadOf(token) {
      const payload = payloads.get(token);
      if (payload !== undefined) {
        // Map keeps insertion order: moving a hit to the end makes the first key the least recent.
        payloads.delete(token);
        payloads.set(token, payload);
      }
      return payload;
    },
    remember(token, payload) {
      payloads.set(token, Object.freeze({ ...payload }));
      if (payloads.size > capacity) payloads.delete(payloads.keys().next().value as string);
    },
  };
};
