/** What a censored field reads as in the log. */
export const LOG_CENSOR = '[redacted]';

/**
 * Fields the logger never prints in any object a log call carries (`log.info({ body }, ...)`
 * prints `body.password` as the censor). One level deep, as the logged objects are: request
 * bodies, users, errors.
 */
export const SECRET_LOG_FIELDS: readonly string[] = [
  'password',
  'passwordHash',
  'currentPassword',
  'newPassword',
  'privateKey',
  'encryptedPrivateKey',
  'secret',
  'encryptedSecret',
  'code',
];

/**
 * Keys whose objects Fastify's serializers turn into fixed fields before they are printed:
 * `req` into method, url, host and addresses (never its headers, so never the authorization
 * header or cookies), `res` into its status code.
 */
const SERIALIZED_TO_FIXED_FIELDS = new Set(['req', 'res']);

/**
 * An error's `code` names its kind (`SQLITE_BUSY`, `ECONNREFUSED`, `UNAUTHENTICATED`), which an
 * operator needs; a second factor's `code` is digits. Only a name in capitals, digits and
 * underscores, starting with a letter, is printed: no one-time code has that shape.
 */
const ERROR_CODE_NAME = /^[A-Z][A-Z0-9_]*$/;

const isSecret = (field: string, value: unknown): boolean =>
  field !== 'code' || typeof value !== 'string' || !ERROR_CODE_NAME.test(value);

const hasSecretField = (value: object): boolean => {
  for (const field of SECRET_LOG_FIELDS) {
    if (Object.hasOwn(value, field) && isSecret(field, (value as Record<string, unknown>)[field]))
      return true;
  }
  return false;
};

const SECRET_FIELD_SET = new Set(SECRET_LOG_FIELDS);

/**
 * A copy with the same prototype (an Error stays an Error for its serializer) and every own
 * property read into a plain value: on Node 24 an error's `stack` is an accessor of the original
 * object, which answers nothing when called on a copy.
 */
const censoredCopy = (value: object): object => {
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<PropertyKey, unknown>;
  for (const key of Reflect.ownKeys(value)) {
    const own = Object.getOwnPropertyDescriptor(value, key);
    const field = (value as Record<PropertyKey, unknown>)[key];
    Object.defineProperty(copy, key, {
      value:
        typeof key === 'string' && SECRET_FIELD_SET.has(key) && isSecret(key, field) ? LOG_CENSOR : field,
      enumerable: own?.enumerable ?? true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
};

/**
 * The log call's object with every secret field censored, or the object itself when it holds
 * none (nearly every line: a request's line carries only its reply). Only the object values are
 * searched for the few secret names, rather than pino's `redact` path matcher over every field
 * of every line, so a line without secrets costs next to nothing. The caller's objects are never
 * changed.
 */
export const redactLogObject = (object: Record<string, unknown>): Record<string, unknown> => {
  let redacted: Record<string, unknown> | undefined;
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (typeof value !== 'object' || value === null || SERIALIZED_TO_FIXED_FIELDS.has(key)) continue;
    if (!hasSecretField(value)) continue;
    redacted ??= { ...object };
    redacted[key] = censoredCopy(value);
  }
  return redacted ?? object;
};
