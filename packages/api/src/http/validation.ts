import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { withoutDomainChecked } from './domain-checked.js';
import { firstIllFormedText } from './well-formed-text.js';

// ajv-formats is CommonJS whose default export arrives wrapped under NodeNext.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const makeAjv = (coerceTypes: boolean): Ajv =>
  addFormats(
    new Ajv({
      // Unknown body fields are refused (docs/decisions.md section 3), never silently dropped.
      removeAdditional: false,
      useDefaults: true,
      coerceTypes,
      allErrors: false,
      strict: false,
    }),
  );

/** Bodies are JSON and must carry the declared types: `"2"` is not a quantity. */
const bodyAjv = makeAjv(false);
/** Query strings and path parameters are text by nature; numbers in them are coerced. */
const textAjv = makeAjv(true);

/** Schema option of a body that may be left out entirely (the route then reads `{}`). */
export const OPTIONAL_BODY = 'x-optional-body';

/** A body schema without properties means "no body"; one marked OPTIONAL_BODY may be left out. */
export const acceptsMissingBody = (schema: {
  readonly properties?: object;
  readonly [OPTIONAL_BODY]?: unknown;
}) => Object.keys(schema.properties ?? {}).length === 0 || schema[OPTIONAL_BODY] === true;

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const validate: ValidateFunction = (httpPart === 'body' ? bodyAjv : textAjv).compile(
    withoutDomainChecked(schema) as object,
  );
  // A request that sends no body is fine where the body may be left out (a refund's `{amount?, reason?}`).
  // Fastify hands an absent body over as null; a JSON `null` never gets here (plugins/json-bodies.ts).
  const bodyOptional =
    httpPart === 'body' && acceptsMissingBody(schema as Parameters<typeof acceptsMissingBody>[0]);
  const integerFields = httpPart === 'body' ? [] : integerFieldsOf(schema);
  return (data: unknown) => {
    if ((data === undefined || data === null) && bodyOptional) return { value: data };
    const illFormed = httpPart === 'body' ? firstIllFormedText(data) : null;
    if (illFormed !== null) return { error: illFormedTextFailure(illFormed) };
    const notDecimal = readDecimalIntegers(data, integerFields);
    if (notDecimal !== null) return { error: notDecimalFailure(notDecimal, httpPart) };
    return validate(data) ? { value: data } : { error: validationFailure(validate, httpPart) };
  };
};

/** The properties of a query or params schema declared as integers. */
const integerFieldsOf = (schema: unknown): string[] =>
  Object.entries((schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {})
    .filter(([, property]) => property.type === 'integer')
    .map(([name]) => name);

const DECIMAL_INTEGER = /^-?\d+$/;

/**
 * Integers in a query string are decimal digits: Ajv's coercion alone would also take `0x10`,
 * `1e2`, `+5` or ` 5`. A digit string of any length is read as a number (beyond the double range:
 * the largest double), so the bounds that apply clamp it. Answers the first field that is no
 * decimal integer, else null.
 */
const readDecimalIntegers = (data: unknown, fields: readonly string[]): string | null => {
  if (fields.length === 0 || typeof data !== 'object' || data === null) return null;
  const values = data as Record<string, unknown>;
  for (const field of fields) {
    const text = values[field];
    if (typeof text !== 'string') continue;
    if (!DECIMAL_INTEGER.test(text)) return field;
    const number = Number(text);
    values[field] = Number.isFinite(number) ? number : Math.sign(number) * Number.MAX_VALUE;
  }
  return null;
};

const notDecimalFailure = (field: string, httpPart: string | undefined): Error =>
  Object.assign(new Error('Request validation failed'), {
    validation: [
      {
        instancePath: `/${field}`,
        keyword: 'type',
        params: { type: 'integer' },
        schemaPath: '',
        message: 'must be a decimal integer',
      },
    ],
    validationContext: httpPart ?? 'querystring',
    statusCode: 400,
  });

const illFormedTextFailure = (instancePath: string): Error =>
  Object.assign(new Error('Request validation failed'), {
    validation: [
      {
        instancePath,
        keyword: 'wellFormed',
        params: {},
        schemaPath: '',
        message: 'must be well-formed Unicode text (it holds a lone surrogate)',
      },
    ],
    validationContext: 'body',
    statusCode: 400,
  });

const validationFailure = (validate: ValidateFunction, httpPart: string | undefined): Error =>
  Object.assign(new Error('Request validation failed'), {
    validation: validate.errors ?? [],
    validationContext: httpPart ?? 'body',
    statusCode: 400,
  });
