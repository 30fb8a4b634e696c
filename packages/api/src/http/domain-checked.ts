/**
 * Schema option listing keywords that the OpenAPI document states but the domain checks itself,
 * with its own code and words (a TRON address that is not base58 answers INVALID_ADDRESS, a
 * username the domain's sentence): the request validator leaves those keywords out, the document
 * keeps them, so the document is as strict as the service without changing its answers.
 */
export const DOMAIN_CHECKED = 'x-domain-checked';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: Json): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const rewrite = (value: Json, keep: (schema: { [key: string]: Json }, key: string) => boolean): Json => {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, keep));
  if (!isObject(value)) return value;
  const copy: { [key: string]: Json } = {};
  for (const [key, child] of Object.entries(value)) if (keep(value, key)) copy[key] = rewrite(child, keep);
  return copy;
};

const listedKeywords = (schema: { [key: string]: Json }): readonly Json[] => {
  const listed = schema[DOMAIN_CHECKED];
  return Array.isArray(listed) ? listed : [];
};

/** The schema the request validator compiles: without the keywords the domain checks. */
export const withoutDomainChecked = (schema: unknown): unknown =>
  JSON.stringify(schema ?? null).includes(DOMAIN_CHECKED)
    ? rewrite(schema as Json, (owner, key) => key !== DOMAIN_CHECKED && !listedKeywords(owner).includes(key))
    : schema;

/** The document without the option itself (the keywords stay). */
export const withoutDomainCheckedMarks = <Document>(document: Document): Document =>
  rewrite(document as Json, (_owner, key) => key !== DOMAIN_CHECKED) as Document;
