// Keys on `<version> <request key>`; a write moves the version, so older entries are never read again.
import { LRUCache } from 'lru-cache';

/** 16 MiB of answer text per cache (UTF-16 in memory: two bytes a character). */
const ANSWER_BYTES = 16 * 1024 * 1024;

export interface RenderedAnswer {
  readonly kind: 'rendered';
  readonly version: string;
  readonly body: string;
  readonly fromCache: boolean;
}

export type VersionedAnswer = { readonly kind: 'not-modified'; readonly version: string } | RenderedAnswer;

/**
 * Rendered answers exact across instances though kept per instance (docs/decisions.md, "Memoized
 * answers"): each request reads the store's version after it arrived and renders only after that,
 * so what an entry shows is at least as new as the version it is filed under.
 */
export interface AnswersAtVersion {
  /** Reads the version, then answers what is filed under it and `key`, rendered now if absent. */
  read(
    readVersion: () => Promise<string>,
    key: string,
    render: () => Promise<string>,
  ): Promise<RenderedAnswer>;
  /** The same, except that a client already holding that version (If-None-Match) is told so. */
  readUnlessHeld(
    readVersion: () => Promise<string>,
    request: { readonly key: string; readonly clientHolds: (version: string) => boolean },
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
  // Answers being rendered: the askers of one version and key share the render (no herd after a write).
  const rendering = new Map<string, Promise<string>>();
  const renderOnce = (cacheKey: string, render: () => Promise<string>): Promise<string> => {
    const rendered = render().finally(() => rendering.delete(cacheKey));
    rendering.set(cacheKey, rendered);
    return rendered.then((body) => {
      answers.set(cacheKey, body);
      return body;
    });
  };
  const at = async (version: string, key: string, render: () => Promise<string>): Promise<RenderedAnswer> => {
    const cacheKey = `${version} ${key}`;
    const cached = answers.get(cacheKey);
    if (cached !== undefined) return { kind: 'rendered', version, body: cached, fromCache: true };
    const shared = rendering.get(cacheKey);
    if (shared !== undefined) return { kind: 'rendered', version, body: await shared, fromCache: true };
    return { kind: 'rendered', version, body: await renderOnce(cacheKey, render), fromCache: false };
  };
  return {
    read: async (readVersion, key, render) => at(await readVersion(), key, render),
    async readUnlessHeld(readVersion, request, render) {
      const version = await readVersion();
      if (request.clientHolds(version)) return { kind: 'not-modified', version };
      return at(version, request.key, render);
    },
  };
};
