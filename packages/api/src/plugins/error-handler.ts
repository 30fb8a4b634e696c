import { type ErrorCode, isDomainError } from '@trx-shop/domain';
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../http/error-body.js';
import { STATUS_OF } from '../http/error-status.js';
import { ALLOW_ANY_PATH, createRouteMethods, SERVED_METHODS } from '../http/route-methods.js';
import { validationDetails } from '../http/validation-details.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The specification fixes the text of some errors even when schema validation catches them
     * (`Invalid status`): field name -> code and text to answer instead of VALIDATION_ERROR.
     */
    validationOverrides?: Readonly<Record<string, { readonly code: ErrorCode; readonly message: string }>>;
    /** A code whose status differs on this route (a wrong 2FA code is 401 at login, 400 elsewhere). */
    statusOverrides?: Readonly<Partial<Record<ErrorCode, number>>>;
  }
}

const send = (request: FastifyRequest, reply: FastifyReply, code: ErrorCode, message: string, data = {}) =>
  reply
    .status(request.routeOptions.config?.statusOverrides?.[code] ?? STATUS_OF[code])
    .send(errorBody(request.url, code, message, data));

const isObjectIdParamFailure = (error: FastifyError): boolean =>
  error.validationContext === 'params' &&
  (error.validation ?? []).some((item) => item.instancePath === '/id');

const handleValidation = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  if (isObjectIdParamFailure(error)) return send(request, reply, 'INVALID_ID', 'Malformed id');
  const details = validationDetails(
    (error.validation ?? []) as ErrorObject[],
    error.validationContext ?? 'body',
  );
  const overrides = request.routeOptions.config.validationOverrides ?? {};
  const override = details.map((detail) => overrides[detail.field.split('.')[0] ?? '']).find(Boolean);
  if (override) return send(request, reply, override.code, override.message);
  return send(request, reply, 'VALIDATION_ERROR', details[0]?.message ?? 'Invalid request', { details });
};

/** Fastify's own request errors, by code, as the error table of docs/decisions.md section 4 wants them. */
const FRAMEWORK_ERRORS: Readonly<Record<string, { code: ErrorCode; message: string }>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send JSON (application/json)' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'VALIDATION_ERROR', message: 'Invalid Content-Length' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'VALIDATION_ERROR', message: 'Body must not be empty JSON' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'VALIDATION_ERROR', message: 'Body is not valid JSON' },
  // Every path parameter is an object id: an over-long one is just a malformed id.
  FST_ERR_MAX_PARAM_LENGTH: { code: 'INVALID_ID', message: 'Malformed id' },
};

/**
 * 5xx answers say what failed in our words: the underlying message (a node address, driver text)
 * goes to the log only.
 */
const SERVER_SIDE_TEXT: Partial<Record<ErrorCode, string>> = {
  CHAIN_UNAVAILABLE: 'The TRON node cannot be reached; nothing was changed, try again later',
  KEY_DECRYPTION_FAILED: 'A stored key could not be opened',
};

/**
 * Errors the router raises before any route or hook runs (a malformed URL, an over-long path
 * parameter): Fastify's `frameworkErrors` option hands them here, so they get our shape and code
 * and never echo the URL.
 */
export const answerFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return send(request, reply, known.code, known.message);
  return send(request, reply, 'VALIDATION_ERROR', 'The request URL is not acceptable');
};

/**
 * The one error handler: domain codes become statuses through one table; everything unexpected
 * is logged and answered 500 without its message, so no stack trace or driver text leaks.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    const routeMethods = createRouteMethods();
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routeMethods.add(method, route.url);
    });

    app.addHook('onRequest', async (request, reply) => {
      if (SERVED_METHODS.has(request.method)) return;
      const allowed = routeMethods.allowedOn(request.url);
      reply.header('allow', allowed.length > 0 ? allowed.join(', ') : ALLOW_ANY_PATH);
      return send(request, reply, 'METHOD_NOT_ALLOWED', `Method ${request.method} is not supported`);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (isDomainError(error)) {
        const ownText = SERVER_SIDE_TEXT[error.code];
        if (ownText)
          request.log.warn({ code: error.code, detail: error.message }, 'answered with our own text');
        return send(request, reply, error.code, ownText ?? error.message, error.data);
      }
      if (error.validation) return handleValidation(error, request, reply);
      const framework = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
      if (framework) return send(request, reply, framework.code, framework.message);
      if (error instanceof SyntaxError || (error.statusCode === 400 && !error.code)) {
        // Malformed JSON, or a body holding __proto__ / constructor.prototype keys.
        return send(request, reply, 'VALIDATION_ERROR', 'Body is not acceptable JSON');
      }
      if (error.statusCode === 429) return reply.send(error);
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        // Any other request error of the framework: our code and words, never its code or the URL.
        request.log.info({ code: error.code }, 'framework refused the request');
        return send(request, reply, 'VALIDATION_ERROR', 'The request is not acceptable');
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(request, reply, 'INTERNAL_ERROR', 'Internal server error');
    });

    // Rate-limited so that probing for routes costs the prober like any other request. The path
    // is not echoed: it is the client's own input, of any length. A path served with other
    // methods answers 405 with them in `Allow` (RFC 9110, section 15.5.6).
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
      const allowed = routeMethods.allowedOn(request.url);
      if (allowed.length === 0)
        return send(request, reply, 'NOT_FOUND', `No route answers ${request.method} on this path`);
      reply.header('allow', allowed.join(', '));
      return send(request, reply, 'METHOD_NOT_ALLOWED', `This path answers ${allowed.join(', ')} only`);
    });
  },
  { name: 'error-handler', dependencies: ['rate-limit'] },
);
