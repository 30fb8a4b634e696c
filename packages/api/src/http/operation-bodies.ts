import { COMPONENT_NAME } from './components.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Media {
  schema?: JsonObject;
  example?: Json;
}

interface Operation {
  operationId?: string;
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
}

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const pascal = (operationId: string) => operationId.charAt(0).toUpperCase() + operationId.slice(1);

/**
 * Names every JSON request body `<OperationId>Request` and every JSON success answer
 * `<OperationId>Response` (unless the schema already has a name), so a generated client has a
 * type for each (`components["schemas"]["CreateOrderRequest"]`); hoistNamedSchemas then moves
 * them into `components.schemas`. A success answer without an example gets one composed from the
 * examples of its parts (exampleOf), so every main answer shows one in Swagger UI.
 */
export const nameOperationBodies = <Document extends { paths?: object }>(document: Document): Document => {
  for (const item of Object.values(document.paths ?? {}) as Record<string, Operation>[]) {
    for (const operation of Object.values(item)) {
      if (!operation?.operationId) continue;
      const name = pascal(operation.operationId);
      for (const media of jsonMedia(operation.requestBody?.content)) nameMedia(media, `${name}Request`);
      const successes = Object.entries(operation.responses ?? {}).filter(([status]) =>
        status.startsWith('2'),
      );
      for (const [status, answer] of successes) {
        const suffix = successes.length > 1 ? status : '';
        for (const media of jsonMedia(answer.content)) {
          if (media.example === undefined && media.schema) {
            const example = exampleOf(media.schema);
            if (example !== undefined) media.example = example;
          }
          nameMedia(media, `${name}Response${suffix}`);
        }
      }
    }
  }
  return document;
};

const jsonMedia = (content: Record<string, Media> | undefined): Media[] =>
  Object.entries(content ?? {})
    .filter(([type]) => type.includes('json'))
    .map(([, media]) => media);

const nameMedia = (media: Media, name: string) => {
  const { schema } = media;
  if (!schema || schema.$ref !== undefined || typeof schema[COMPONENT_NAME] === 'string') return;
  // A copy: @fastify/swagger may hand several operations one schema object.
  media.schema = { ...schema, [COMPONENT_NAME]: name };
};

const EXAMPLE_TIME = '2026-11-23T12:00:00.000Z';

/**
 * An example for a schema composed from the examples its parts carry: a part with its own example
 * gives it, an enumeration its first value, a date-time a fixed time, a number its minimum or 0, a
 * boolean true; an object takes each property that has one, an array one item. A required string
 * without an example has no honest value, so then the whole schema has none (and the examples
 * test names it).
 */
export const exampleOf = (schema: JsonObject): Json | undefined => {
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) {
    for (const alternative of alternatives) {
      if (!isObject(alternative) || alternative.type === 'null') continue;
      const example = exampleOf(alternative);
      if (example !== undefined) return example;
    }
    return undefined;
  }
  switch (schema.type) {
    case 'object':
      return objectExample(schema);
    case 'array': {
      if (!isObject(schema.items)) return [];
      const item = exampleOf(schema.items);
      return item === undefined ? undefined : [item];
    }
    case 'string':
      return schema.format === 'date-time' ? EXAMPLE_TIME : undefined;
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return true;
    default:
      return undefined;
  }
};

const objectExample = (schema: JsonObject): Json | undefined => {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const example: JsonObject = {};
  for (const [key, property] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
    const value = isObject(property) ? exampleOf(property) : undefined;
    if (value !== undefined) example[key] = value;
    else if (required.has(key)) return undefined;
  }
  return example;
};
