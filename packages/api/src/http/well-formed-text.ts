const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

const isWellFormed = (text: string): boolean => !LONE_SURROGATE.test(text);

/**
 * The JSON path of the first string (value or key) holding a lone UTF-16 surrogate, or null.
 * JSON may spell one (`"\ud800"`), but no text can hold it: stored, it comes back mangled, so it
 * is refused at the door like any other malformed field.
 */
export const firstIllFormedText = (value: unknown, path = ''): string | null => {
  if (typeof value === 'string') return isWellFormed(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstIllFormedText(item, `${path}/${index}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isWellFormed(key)) return `${path}/${key.replace(LONE_SURROGATES, '\uFFFD')}`;
      const found = firstIllFormedText(item, `${path}/${key}`);
      if (found !== null) return found;
    }
  }
  return null;
};
