import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type SerializerFactory = NonNullable<NonNullable<SchemaController['compilersFactory']>['buildSerializer']>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;

/**
 * Fastify's own response serializer factory, from the @fastify/fast-json-stringify-compiler that
 * Fastify itself depends on (resolved from Fastify's directory), so the compiled code is exactly
 * what Fastify would have produced.
 */
const fastifySerializerFactory = (): SerializerFactory => {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const compiler = fromFastify('@fastify/fast-json-stringify-compiler') as {
    SerializerSelector: () => SerializerFactory;
  };
  return compiler.SerializerSelector();
};

/**
 * Fastify compiles one serializer per route and status, even when many of them share one schema
 * object, and the shared error body (openapi.ts adds it for five statuses on every route) would
 * make most of the start-up's compilations. This factory compiles each schema object once and
 * hands the same serializer to every route and status that uses it.
 * A serializer depends on its schema, the serializer options and the plugin context's shared
 * schemas; the app adds no shared schemas, and a context that does gets Fastify's own compiler,
 * unshared.
 */
export const sharedSerializerFactory = (): SerializerFactory => {
  const fastifyFactory = fastifySerializerFactory();
  const byOptions = new Map<unknown, WeakMap<object, Serializer>>();
  return (externalSchemas, options) => {
    const compile = fastifyFactory(externalSchemas, options);
    if (!hasNoEntries(externalSchemas)) return compile;
    let serializers = byOptions.get(options);
    if (!serializers) {
      serializers = new WeakMap();
      byOptions.set(options, serializers);
    }
    const shared = serializers;
    return (route) => {
      const { schema } = route;
      if (typeof schema !== 'object' || schema === null) return compile(route);
      const known = shared.get(schema);
      if (known) return known;
      const serializer = compile(route);
      shared.set(schema, serializer);
      return serializer;
    };
  };
};

const hasNoEntries = (schemas: unknown): boolean =>
  schemas === undefined ||
  (typeof schemas === 'object' && schemas !== null && Object.keys(schemas).length === 0);
