/** One field of an entry's change: absent sides are what the action created or deleted. */
export interface FieldChange {
  readonly field: string;
  readonly before?: string;
  readonly after?: string;
}

type Values = { readonly [field: string]: unknown } | null;

/** A value as short text: null reads "none", nested objects as compact JSON. */
export const valueText = (value: unknown): string => {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

/**
 * The fields of `before` and `after` in their order (before's first), each with its text on each
 * side it appears; a field that did not change keeps only `after`, so the diff names what moved.
 */
export const fieldChangesOf = (before: Values, after: Values): FieldChange[] => {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const was = before && Object.hasOwn(before, field) ? valueText(before[field]) : undefined;
    const now = after && Object.hasOwn(after, field) ? valueText(after[field]) : undefined;
    if (was !== undefined && now !== undefined && was === now) return { field, after: now };
    return {
      field,
      ...(was === undefined ? {} : { before: was }),
      ...(now === undefined ? {} : { after: now }),
    };
  });
};
