const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

const isWellFormed = (text: string): boolean => !LONE_SURROGATE.test(text);

/** A value still to read, or an object key to check, with its JSON path. */
type Visit =
  | { readonly value: unknown; readonly path: string }
  | { readonly key: string; readonly path: string };

/**
 * The JSON path of the first string (value or key) holding a lone UTF-16 surrogate, or null.
 * JSON may spell one (`"\ud800"`), but no text can hold it: stored, it comes back mangled, so it
 * is refused at the door like any other malformed field. An explicit stack instead of recursion:
 * no nesting, however deep, can overflow the call stack.
 */
export const firstIllFormedText = (value: unknown): string | null => {
  const pending: Visit[] = [{ value, path: '' }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    if ('key' in visit) {
      if (!isWellFormed(visit.key)) return `${visit.path}/${visit.key.replace(LONE_SURROGATES, '\uFFFD')}`;
      continue;
    }
    const { value: item, path } = visit;
    if (typeof item === 'string') {
      if (!isWellFormed(item)) return path;
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1)
        pending.push({ value: item[index], path: `${path}/${index}` });
    } else if (item !== null && typeof item === 'object') {
      // Pushed in reverse, so each key is checked just before its value is read, in document order.
      for (const [key, child] of Object.entries(item).reverse()) {
        pending.push({ value: child, path: `${path}/${key}` });
        pending.push({ key, path });
      }
    }
  }
  return null;
};
