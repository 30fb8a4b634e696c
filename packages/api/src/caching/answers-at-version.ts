// Keys on `<version> <request key>`; a write moves the version, so older entries are never read again.
import { LRUCache } from 'lru-cache';

/** 16 MiB of answer text per cache (UTF-16 in memory: two bytes a character). */
const ANSWER_BYTES = 16 * 1024 * 1024;

export interface CachedAnswer {
  readonly body: string;
  readonly fromCache: boolean;
}

export type VersionedAnswer =
  | { readonly kind: 'not-modified'; readonly version: string }
  | ({ readonly kind: 'rendered'; readonly version: string } & CachedAnswer);

export interface AnswerRequest {
  readonly key: string;
  /** Whether the client already holds the answer at this version (If-None-Match). */
  readonly clientHolds: (version: string) => boolean;
}

/**
 * Rendered answers exact across instances though kept per instance (docs/decisions.md, "Memoized
 * answers"): each request reads the store's version after it arrived and renders only after that,
 * so what an entry shows is at least as new as the version it is filed under.
 */
export interface AnswersAtVersion {
  /** The answer at a version this request has read: filed earlier under it, or rendered now. */
  at(version: string, key: string, render: () => Promise<string>): Promise<CachedAnswer>;
  /** Reads the version first: not-modified for a client holding it, else the answer at it. */
  read(
    readVersion: () => Promise<string>,
    request: AnswerRequest,
    render: () => Promise<string>,
  ): Promise<VersionedAnswer>;
}

export const createAnswersAtVersion = (bounds: {
  readonly maxEntries: number;
  readonly maxBytes?: number;
}): AnswersAtVersion => {
  const answers = new LRUCache<string, string>({
    max: bounds.maxEntries,
    maxSize: bounds.maxBytes ?? ANSWER_BYTES,
    sizeCalculation: (body) => Math.max(1, body.length) * 2,
  });
  const at = async (version: string, key: string, render: () => Promise<string>): Promise<CachedAnswer> => {
    const cacheKey = `${version} ${key}`;
    const cached = answers.get(cacheKey);
    if (cached !== undefined) return { body: cached, fromCache: true };
    const body = await render();
    answers.set(cacheKey, body);
    return { body, fromCache: false };
  };
  return {
    at,
    async read(readVersion, request, render) {
      const version = await readVersion();
      if (request.clientHolds(version)) return { kind: 'not-modified', version };
      return { kind: 'rendered', version, ...(await at(version, request.key, render)) };
    },
  };
};
