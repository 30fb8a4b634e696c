import type { Logger } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { deferredLogger } from '../../src/composition/deferred-logger.js';
import { sharedSerializerFactory } from '../../src/http/shared-serializers.js';

const ErrorBody = {
  type: 'object',
  properties: { error: { type: 'string' }, code: { type: 'string' } },
  required: ['error', 'code'],
  additionalProperties: false,
};
const route = (schema: unknown, url: string, httpStatus: string) => ({
  schema,
  url,
  method: 'GET',
  httpStatus,
});

describe('sharedSerializerFactory', () => {
  it('compiles a schema object once for every route, status and plugin context that uses it', () => {
    const factory = sharedSerializerFactory();
    const first = factory({}, undefined)(route(ErrorBody, '/api/a', '400'));
    const second = factory({}, undefined)(route(ErrorBody, '/api/b', '500'));
    expect(second).toBe(first);
    expect(first({ error: 'Nope', code: 'X', secret: 'dropped' })).toBe('{"error":"Nope","code":"X"}');
  });

  it('compiles separately a different schema object, even an equal one', () => {
    const compile = sharedSerializerFactory()({}, undefined);
    expect(compile(route({ ...ErrorBody }, '/api/a', '400'))).not.toBe(
      compile(route(ErrorBody, '/api/a', '400')),
    );
  });

  it('shares nothing in a plugin context with shared schemas of its own', () => {
    const factory = sharedSerializerFactory();
    const plain = factory({}, undefined)(route(ErrorBody, '/api/a', '400'));
    const withShared = factory({ Other: { $id: 'Other', type: 'string' } }, undefined);
    const first = withShared(route(ErrorBody, '/api/a', '400'));
    expect(first).not.toBe(plain);
    expect(withShared(route(ErrorBody, '/api/b', '400'))).not.toBe(first);
  });
});

describe('deferredLogger', () => {
  it('holds lines until a logger is attached, passes them on in order, then writes straight through', () => {
    const lines: string[] = [];
    const target: Logger = {
      debug: (_context, message) => lines.push(`debug ${message}`),
      info: (_context, message) => lines.push(`info ${message}`),
      warn: (context, message) => lines.push(`warn ${message} ${JSON.stringify(context)}`),
      error: (_context, message) => lines.push(`error ${message}`),
    };
    const deferred = deferredLogger();
    deferred.logger.warn({ userId: 'u1' }, 'could not fund the new wallet');
    deferred.logger.info({}, 'second');
    expect(lines).toEqual([]);
    deferred.attach(target);
    deferred.logger.error({}, 'third');
    expect(lines).toEqual([
      'warn could not fund the new wallet {"userId":"u1"}',
      'info second',
      'error third',
    ]);
  });
});
