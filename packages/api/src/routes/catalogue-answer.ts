import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AnswersAtVersion } from '../caching/answers-at-version.js';
import { entityTagOf, ifNoneMatchNames, REVALIDATE_EVERY_TIME } from '../http/entity-tag.js';
import { renderJson, sendRenderedJson } from '../http/rendered-json.js';
import type { ShopMetrics } from '../metrics/shop-metrics.js';

export interface CatalogueAnswerDeps {
  /** The store's catalogue version, read on every request. */
  readonly version: () => Promise<string>;
  readonly answers: AnswersAtVersion;
  readonly metrics?: ShopMetrics;
}

/**
 * A public catalogue answer through the caching layer (docs/decisions.md, "Memoized answers"): 304
 * to a client holding the current version, else the JSON rendered at this version (cached or now),
 * with the version as its ETag. `present` builds the answer object; the route's own serializer
 * turns it into the text kept.
 */
export const sendCatalogueAnswer = async (
  deps: CatalogueAnswerDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  present: () => Promise<unknown>,
): Promise<FastifyReply> => {
  const answer = await deps.answers.readUnlessHeld(
    deps.version,
    { key, clientHolds: (version) => ifNoneMatchNames(request.headers['if-none-match'], version) },
    async () => renderJson(reply, await present()),
  );
  reply.header('etag', entityTagOf(answer.version)).header('cache-control', REVALIDATE_EVERY_TIME);
  if (answer.kind === 'not-modified') {
    deps.metrics?.memoizedAnswers.inc({ kind: 'catalogue', outcome: 'not_modified' });
    return reply.code(304).send();
  }
  deps.metrics?.memoizedAnswers.inc({ kind: 'catalogue', outcome: answer.fromCache ? 'memo' : 'rendered' });
  return sendRenderedJson(reply, answer.body);
};

/** The 304 answer: no body; the ETag and Cache-Control headers as on the 200. */
export const NotModified = Type.Null({
  description: 'Not Modified: the If-None-Match names the current catalogue version; no body',
});
