import { parse } from 'node:querystring';

/**
 * Repeated parameters (`?status=a&status=b`) keep their last value: no array ever reaches a field
 * declared as a scalar (docs/decisions.md section 3, HTTP parameter pollution).
 */
export const parseQueryString = (text: string): Record<string, string> => {
  const parsed = parse(text);
  const result: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(parsed)) {
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (last !== undefined) result[key] = last;
  }
  return result;
};
