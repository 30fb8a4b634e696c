/**
 * The schema option that names a schema for the OpenAPI document: the document holds it once
 * under `components.schemas` and refers to it by `$ref` wherever a route uses it, so generated
 * clients get named types (`components["schemas"]["Order"]`). Validation and serialization never
 * see a reference: they keep the schema itself.
 */
export const COMPONENT_NAME = 'x-component';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: Json): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Moves every named schema of the document into `components.schemas` and puts a `$ref` in its
 * place. Two different schemas under one name are a programming error, refused loudly.
 */
export const hoistNamedSchemas = <Document extends object>(document: Document): Document => {
  const found = new Map<string, string>();
  const schemas: Record<string, Json> = {};
  const visit = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(visit);
    if (!isObject(value)) return value;
    const { [COMPONENT_NAME]: name, ...rest } = value;
    const inner: { [key: string]: Json } = {};
    for (const [key, child] of Object.entries(rest)) inner[key] = visit(child);
    if (typeof name !== 'string') return inner;
    const text = JSON.stringify(inner);
    const seen = found.get(name);
    if (seen !== undefined && seen !== text) throw new Error(`two different schemas are named ${name}`);
    found.set(name, text);
    schemas[name] = inner;
    return { $ref: `#/components/schemas/${name}` };
  };
  const { components, ...rest } = document as { components?: { [key: string]: Json } } & Record<string, Json>;
  const visited = visit(rest as Json) as Record<string, Json>;
  return {
    ...visited,
    components: {
      ...(components ?? {}),
      schemas: {
        ...(isObject(components?.schemas ?? null) ? (components?.schemas as object) : {}),
        ...schemas,
      },
    },
  } as Document;
};

/** The first example of a schema, to build the example of a schema that extends it. */
export const firstExampleOf = (schema: object): Record<string, unknown> => {
  const [example] = (schema as { examples?: unknown[] }).examples ?? [];
  if (typeof example !== 'object' || example === null) throw new Error('the schema has no example object');
  return example as Record<string, unknown>;
};
