import type { ErrorObject } from 'ajv';

export interface FieldDetail {
  readonly field: string;
  readonly message: string;
}

const oneOfMessage = (field: string, allowed: readonly unknown[]): string =>
  `${field} must be one of: ${allowed.map(String).join(', ')}`;

/**
 * A union of literals fails as one error per alternative plus the `anyOf` itself: they become one
 * error carrying the values allowed, so the answer names them once.
 */
const mergeLiteralUnions = (errors: readonly ErrorObject[]): ErrorObject[] => {
  let merged = [...errors];
  for (const union of errors.filter((error) => error.keyword === 'anyOf')) {
    const branches = merged.filter((error) => error.schemaPath.startsWith(`${union.schemaPath}/`));
    if (branches.length === 0 || branches.some((branch) => branch.keyword !== 'const')) continue;
    const allowedValues = branches.map((branch) => (branch.params as { allowedValue: unknown }).allowedValue);
    merged = merged
      .filter((error) => !branches.includes(error))
      .map((error) => (error === union ? { ...union, keyword: 'enum', params: { allowedValues } } : error));
  }
  return merged;
};

/** Turns Ajv's errors into `details: [{field, message}]` with JSON-pointer-free field names. */
export const validationDetails = (errors: readonly ErrorObject[], context: string): FieldDetail[] =>
  mergeLiteralUnions(errors).map((error) => {
    const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'additionalProperties') {
      const extra = String(params.additionalProperty);
      return { field: path ? `${path}.${extra}` : extra, message: `unknown field ${extra}` };
    }
    if (error.keyword === 'required') {
      const missing = String(params.missingProperty);
      return { field: path ? `${path}.${missing}` : missing, message: `${missing} is required` };
    }
    const field = path || context;
    if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
      return { field, message: oneOfMessage(field, params.allowedValues) };
    }
    return { field, message: `${field} ${error.message ?? 'is invalid'}` };
  });
