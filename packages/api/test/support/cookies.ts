export interface SetCookie {
  readonly name: string;
  readonly value: string;
  /** Attribute names lower-cased; flag attributes (HttpOnly, Secure) map to true. */
  readonly attributes: Readonly<Record<string, string | true>>;
}

type HeaderValue = string | string[] | number | undefined;

/** Parses every `set-cookie` header of a response, attributes included. */
export const parseSetCookies = (headers: Readonly<Record<string, HeaderValue>>): SetCookie[] => {
  const raw = headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  return lines.map((line) => {
    const [pair = '', ...rest] = line.split(';');
    const separator = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const attribute of rest) {
      const trimmed = attribute.trim();
      if (!trimmed) continue;
      const equals = trimmed.indexOf('=');
      if (equals < 0) attributes[trimmed.toLowerCase()] = true;
      else attributes[trimmed.slice(0, equals).toLowerCase()] = trimmed.slice(equals + 1);
    }
    return {
      name: pair.slice(0, separator).trim(),
      value: decodeURIComponent(pair.slice(separator + 1).trim()),
      attributes,
    };
  });
};

export const setCookieNamed = (
  headers: Readonly<Record<string, HeaderValue>>,
  name: string,
): SetCookie | undefined => parseSetCookies(headers).find((cookie) => cookie.name === name);

/** A browser's cookie store, reduced to what these tests need: names, values and expiry by clearing. */
export class CookieJar {
  private readonly values = new Map<string, string>();

  /** Takes the cookies a response sets; a cookie cleared by the server (empty, expired) is dropped. */
  update(headers: Readonly<Record<string, HeaderValue>>): this {
    for (const cookie of parseSetCookies(headers)) {
      const expires = cookie.attributes.expires;
      const expired =
        cookie.attributes['max-age'] === '0' ||
        (typeof expires === 'string' && Date.parse(expires) <= Date.now());
      if (cookie.value === '' || expired) this.values.delete(cookie.name);
      else this.values.set(cookie.name, cookie.value);
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  set(name: string, value: string): this {
    this.values.set(name, value);
    return this;
  }

  /** The `cookie` request header, as an object ready to spread into inject's headers. */
  header(): { cookie: string } {
    return {
      cookie: [...this.values].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; '),
    };
  }
}

export const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });
