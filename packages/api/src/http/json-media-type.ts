/** What a request's Content-Type says about its body. */
export type BodyMediaType = 'json' | 'json-not-utf-8' | 'not-json';

/** RFC 8259 JSON is UTF-8; `utf8` is the same encoding under a name many clients send. */
const UTF_8_NAMES = new Set(['utf-8', 'utf8']);

/**
 * `application/json`, with no charset or a UTF-8 one, is JSON we read; any other charset would be
 * decoded into other text than the client meant, so it is refused like any other media type.
 */
export const bodyMediaType = (contentType: string | undefined): BodyMediaType => {
  const [essence = '', ...parameters] = (contentType ?? '').split(';');
  if (essence.trim().toLowerCase() !== 'application/json') return 'not-json';
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=', 2);
    if (name.trim().toLowerCase() !== 'charset') continue;
    const charset = value
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (!UTF_8_NAMES.has(charset)) return 'json-not-utf-8';
  }
  return 'json';
};
