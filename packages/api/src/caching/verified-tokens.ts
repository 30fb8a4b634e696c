// Keys on an access token's exact text; nothing invalidates it (a signature never changes), `max` bounds it.
import { LRUCache } from 'lru-cache';

/**
 * The payloads of access tokens whose signature was checked. A client sends its token with every
 * request until it expires; a hit skips the decoding and the HMAC. fast-jwt's own cache keys by
 * the token's SHA-256, which cost as much as the HMAC it saved (docs/performance.md).
 */
export interface VerifiedTokens {
  payloadOf(token: string): Readonly<Record<string, unknown>> | undefined;
  remember(token: string, payload: Record<string, unknown>): void;
}

export const createVerifiedTokens = (max: number): VerifiedTokens => {
  const payloads = new LRUCache<string, Readonly<Record<string, unknown>>>({ max });
  return {
    payloadOf: (token) => payloads.get(token),
    remember: (token, payload) => {
      payloads.set(token, Object.freeze({ ...payload }));
    },
  };
};
