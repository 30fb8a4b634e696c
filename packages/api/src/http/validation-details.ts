import type { ErrorObject } from 'ajv';

export interface FieldDetail {
  readonly field: string;
  readonly message: string;
}

/** Turns Ajv's errors into `details: [{field, message}]` with JSON-pointer-free field names. */
export const validationDetails = (errors: readonly ErrorObject[], context: string): FieldDetail[] =>
  errors.map((error) => {
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
    return { field: path || context, message: `${path || context} ${error.message ?? 'is invalid'}` };
  });
