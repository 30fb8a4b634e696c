const OBJECT_ID = /^[0-9a-f]{24}$/;

/** Resource ids are 24 lowercase hex characters in every store (docs/decisions.md section 3). */
export const isObjectId = (value: unknown): value is string =>
  typeof value === 'string' && OBJECT_ID.test(value);
