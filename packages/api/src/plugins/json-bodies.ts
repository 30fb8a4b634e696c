import { domainError } from '@trx-shop/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../http/json-depth.js';
import { bodyMediaType } from '../http/json-media-type.js';
import { acceptsMissingBody } from '../http/validation.js';

type BodySchema = Parameters<typeof acceptsMissingBody>[0];

const bodySchemaOf = (request: FastifyRequest): BodySchema | undefined =>
  (request.routeOptions.schema as { body?: BodySchema } | undefined)?.body;

const REFUSED_MEDIA = {
  'not-json': 'Send JSON (application/json)',
  'json-not-utf-8': 'JSON bodies are UTF-8: send charset=utf-8 or no charset',
} as const;

const refusedBody = (message: string) =>
  domainError('VALIDATION_ERROR', message, { details: [{ field: 'body', message }] });
const TOO_DEEP = `body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`;

/**
 * The one body parser, for every content type (docs/api.md, "Conventions"): an empty body is no
 * body on an operation that takes none, whatever Content-Type a generated client put on it; any
 * other body must be UTF-8 `application/json` (else 415), nested at most MAX_JSON_DEPTH deep
 * (checked on the text, before anything recursive reads it), and is then parsed by Fastify's
 * own parser, which refuses `__proto__` and `constructor.prototype` keys; a JSON `null` is refused
 * like any body that is not an object.
 */
export const jsonBodiesPlugin = fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
      const text = String(body);
      const schema = bodySchemaOf(request);
      // An unknown route answers 404 or 405 whatever it was sent; logout reads no body at all.
      if (request.is404 || schema === undefined) return done(null, undefined);
      if (text.length === 0 && acceptsMissingBody(schema)) return done(null, undefined);
      const media = bodyMediaType(request.headers['content-type']);
      if (media !== 'json')
        return done(domainError('UNSUPPORTED_MEDIA_TYPE', REFUSED_MEDIA[media]), undefined);
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(refusedBody(TOO_DEEP), undefined);
      parseJson(request, text, (error, parsed) => {
        // Fastify validates an absent body as null, so a JSON `null` would pass for none.
        if (!error && parsed === null) return done(refusedBody('body must be object'), undefined);
        done(error, parsed);
      });
    });
  },
  { name: 'json-bodies' },
);
