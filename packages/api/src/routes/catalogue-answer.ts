import { type CatalogueReadDeps, readCatalogue } from '@trx-shop/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { renderJson, sendRenderedJson } from '../http/answer-memo.js';
import { entityTagOf, ifNoneMatchNames, REVALIDATE_EVERY_TIME } from '../http/entity-tag.js';
import type { ShopMetrics } from '../metrics/shop-metrics.js';

/**
 * A public catalogue answer through the memo (docs/decisions.md, "Memoized answers"): 304 to a
 * client holding the current version, else the JSON rendered at this version (memoized or now),
 * with the version as its ETag. `present` builds the answer object; the route's own serializer
 * turns it into the text kept.
 */
export const sendCatalogueAnswer = async (
  deps: CatalogueReadDeps & { readonly metrics?: ShopMetrics },
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  present: () => Promise<unknown>,
): Promise<FastifyReply> => {
  const answer = await readCatalogue(
    deps,
    { key, clientHolds: (version) => ifNoneMatchNames(request.headers['if-none-match'], version) },
    async () => renderJson(reply, await present()),
  );
  reply.header('etag', entityTagOf(answer.version)).header('cache-control', REVALIDATE_EVERY_TIME);
  if (answer.kind === 'not-modified') {
    deps.metrics?.memoizedAnswers.inc({ kind: 'catalogue', outcome: 'not_modified' });
    return reply.code(304).send();
  }
  deps.metrics?.memoizedAnswers.inc({ kind: 'catalogue', outcome: answer.fromMemo ? 'memo' : 'rendered' });
  return sendRenderedJson(reply, answer.body);
};

/** The 304 answer: no body; the ETag and Cache-Control headers as on the 200. */
export const NotModified = Type.Null({
  description: 'Not Modified: the If-None-Match names the current catalogue version; no body',
});
