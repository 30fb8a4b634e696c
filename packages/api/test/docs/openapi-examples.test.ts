import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { COMMITTED_OPENAPI_URL } from './openapi-document.js';

/*
 * docs/openapi.json (issue 22): every JSON request body with fields shows an example, and so does
 * every named schema but Error; each example is valid for the schema it illustrates, so Swagger UI
 * and generated clients never show a request the API would refuse or an answer it cannot give.
 *
 * In OpenAPI 3.0 @fastify/swagger turns a schema's `examples: [x]` into `example: x`: on the media
 * type for a request body or a response schema given as such, on the schema itself elsewhere.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Media {
  schema?: JsonObject;
  example?: Json;
  examples?: Record<string, { value?: Json }>;
}

interface Operation {
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonObject> };
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const DOCUMENT_ID = 'https://trx-shop.example/openapi.json';
const COMPONENT_REF = '#/components/schemas/';

const document = JSON.parse(readFileSync(COMMITTED_OPENAPI_URL, 'utf8')) as Document;

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
// strict: false lets the OpenAPI-only keywords (`example`, `x-…`) through; Ajv knows `nullable`.
const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
// The components under an $id, so `#/components/schemas/…` resolves inside a component schema.
ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema with its component references made absolute (to the document added above). */
const absoluteRefs = (value: Json): Json => {
  if (Array.isArray(value)) return value.map(absoluteRefs);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENT_REF)
        ? `${DOCUMENT_ID}${child}`
        : absoluteRefs(child),
    ]),
  );
};

const componentNameOf = (schema: JsonObject | undefined): string | null => {
  const ref = schema?.$ref;
  return typeof ref === 'string' && ref.startsWith(COMPONENT_REF) ? ref.slice(COMPONENT_REF.length) : null;
};

/** The schema itself, or the component it refers to. */
const resolved = (schema: JsonObject | undefined): JsonObject | undefined => {
  const name = componentNameOf(schema);
  return name === null ? schema : document.components.schemas[name];
};

/** Every example a media type or a schema carries, whichever OpenAPI spelling it uses. */
const examplesOf = (holder: { example?: Json; examples?: Json } | undefined): Json[] => {
  if (holder === undefined) return [];
  const found: Json[] = [];
  if (holder.example !== undefined) found.push(holder.example);
  const { examples } = holder;
  if (Array.isArray(examples)) found.push(...examples);
  else if (isObject(examples)) {
    for (const entry of Object.values(examples)) {
      if (isObject(entry) && entry.value !== undefined) found.push(entry.value);
    }
  }
  return found;
};

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => HTTP_METHODS.has(method))
    .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
);

/** Each problem with one example, or none. */
const problemsOf = (where: string, validate: ValidateFunction, examples: readonly Json[]): string[] =>
  examples.flatMap((example, index) =>
    validate(example)
      ? []
      : [
          `${where}: example ${index + 1} is invalid: ${ajv.errorsText(validate.errors, { separator: '; ' })}`,
        ],
  );

const componentValidator = (name: string): ValidateFunction => {
  const validate = ajv.getSchema(`${DOCUMENT_ID}${COMPONENT_REF}${name}`);
  if (validate === undefined) throw new Error(`components.schemas.${name} cannot be compiled`);
  return validate;
};

describe('docs/openapi.json examples', () => {
  it('shows a valid example for every JSON request body with fields', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { name, operation } of operations) {
      for (const [contentType, media] of Object.entries(operation.requestBody?.content ?? {})) {
        if (!contentType.includes('json')) continue;
        const schema = resolved(media.schema);
        if (!isObject(schema?.properties) || Object.keys(schema.properties).length === 0) continue;
        checked += 1;
        const where = `${name} (${contentType})`;
        const examples = [...examplesOf(media), ...examplesOf(media.schema), ...examplesOf(schema)];
        if (examples.length === 0) {
          problems.push(`${where}: the request body has no example`);
          continue;
        }
        const validate = ajv.compile(absoluteRefs(schema) as JsonObject);
        problems.push(...problemsOf(where, validate, examples));
      }
    }
    expect(checked, 'no request body with fields was found: is the document empty?').toBeGreaterThan(20);
    expect(problems, `request bodies without a valid example:\n${problems.join('\n')}`).toEqual([]);
  });

  it('shows a valid example for every named schema but Error', () => {
    // A schema that is a whole response has its example on the media types that refer to it.
    const mediaExamples = new Map<string, Json[]>();
    for (const { operation } of operations) {
      const media = [
        ...Object.values(operation.requestBody?.content ?? {}),
        ...Object.values(operation.responses ?? {}).flatMap((response) =>
          Object.values(response.content ?? {}),
        ),
      ];
      for (const entry of media) {
        const name = componentNameOf(entry.schema);
        if (name !== null)
          mediaExamples.set(name, [...(mediaExamples.get(name) ?? []), ...examplesOf(entry)]);
      }
    }
    const names = Object.keys(document.components.schemas).filter((name) => name !== 'Error');
    expect(names.length).toBeGreaterThan(10);
    const problems = names.flatMap((name) => {
      const examples = [...examplesOf(document.components.schemas[name]), ...(mediaExamples.get(name) ?? [])];
      if (examples.length === 0) return [`components.schemas.${name}: no example`];
      return problemsOf(`components.schemas.${name}`, componentValidator(name), examples);
    });
    expect(problems, `named schemas without a valid example:\n${problems.join('\n')}`).toEqual([]);
  });

  it('names every JSON body and success answer and shows a valid example for each success answer', () => {
    const problems: string[] = [];
    let answers = 0;
    for (const { name, operation } of operations) {
      for (const [contentType, media] of Object.entries(operation.requestBody?.content ?? {})) {
        if (contentType.includes('json') && componentNameOf(media.schema) === null)
          problems.push(`${name}: the request body is not a named schema`);
      }
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (!status.startsWith('2')) continue;
        for (const [contentType, media] of Object.entries(answer.content ?? {})) {
          if (!contentType.includes('json')) continue;
          answers += 1;
          const component = componentNameOf(media.schema);
          if (component === null) {
            problems.push(`${name} ${status}: the answer is not a named schema`);
            continue;
          }
          const examples = [...examplesOf(media), ...examplesOf(document.components.schemas[component])];
          if (examples.length === 0) problems.push(`${name} ${status}: the answer has no example`);
          problems.push(...problemsOf(`${name} ${status}`, componentValidator(component), examples));
        }
      }
    }
    expect(answers, 'no JSON success answer was found: is the document empty?').toBeGreaterThan(50);
    expect(problems, `bodies and answers without a name or a valid example:\n${problems.join('\n')}`).toEqual(
      [],
    );
  });

  it('validates for real: references resolve and a wrong example is refused', () => {
    const validate = componentValidator('DashboardStats');
    const [example] = [
      ...examplesOf(document.components.schemas.DashboardStats),
      ...examplesOf(
        document.paths['/api/admin/stats']?.get?.responses?.['200']?.content?.['application/json'],
      ),
    ];
    expect(isObject(example)).toBe(true);
    // recentSales refers to the Sale schema: an empty object there must fail through the $ref.
    expect(validate({ ...(example as JsonObject), recentSales: [{}] })).toBe(false);
    expect(componentValidator('Order')({ status: 'shipped' })).toBe(false);
  });
});
