import { type ErrorCode, isDomainError } from '@trx-shop/domain';
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../http/error-body.js';
import { STATUS_OF } from '../http/error-status.js';
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

/** Fastify's own request errors, by code, as the error table of decisions.md section 4 wants them. */
const FRAMEWORK_ERRORS: Readonly<Record<string, { code: ErrorCode; message: string }>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send JSON (application/json)' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'VALIDATION_ERROR', message: 'Invalid Content-Length' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'VALIDATION_ERROR', message: 'Body must not be empty JSON' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'VALIDATION_ERROR', message: 'Body is not valid JSON' },
};

/**
 * The one error handler: domain codes become statuses through one table; everything unexpected
 * is logged and answered 500 without its message, so no stack trace or driver text leaks.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (isDomainError(error)) return send(request, reply, error.code, error.message, error.data);
      if (error.validation) return handleValidation(error, request, reply);
      const framework = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
      if (framework) return send(request, reply, framework.code, framework.message);
      if (error instanceof SyntaxError || (error.statusCode === 400 && !error.code)) {
        // Malformed JSON, or a body holding __proto__ / constructor.prototype keys.
        return send(request, reply, 'VALIDATION_ERROR', 'Body is not acceptable JSON');
      }
      if (error.statusCode === 429) return reply.send(error);
      request.log.error({ err: error }, 'unhandled error');
      return send(request, reply, 'INTERNAL_ERROR', 'Internal server error');
    });

    // Rate-limited so that probing for routes costs the prober like any other request.
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) =>
      send(request, reply, 'NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`),
    );
  },
  { name: 'error-handler', dependencies: ['rate-limit'] },
);
