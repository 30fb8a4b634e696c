/** SMTP_URL, parsed: where mail goes and how to sign in. */
export interface SmtpSettings {
  /** `smtps://`: TLS from the first byte; `smtp://`: STARTTLS when the server offers it. */
  readonly secure: boolean;
  readonly host: string;
  readonly port: number;
  /** null: the relay takes mail without signing in (a relay on the shop's own network). */
  readonly user: string | null;
  readonly password: string | null;
}

/**
 * Where queued mail goes: an SMTP relay (SMTP_URL), the store's local mailbox (the embedded
 * default outside production), or nowhere yet (production without SMTP_URL: it stays queued).
 */
export type MailDeliveryMode = 'smtp' | 'mailbox' | 'held';

/** MAIL_FROM, parsed: `Name <address>` or a bare address. */
export interface MailFrom {
  readonly name: string | null;
  readonly address: string;
  /** The address's domain: the right-hand side of every Message-ID the shop makes. */
  readonly domain: string;
}

type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

/** The submission ports: 587 for STARTTLS (RFC 6409), 465 for implicit TLS (RFC 8314). */
const DEFAULT_PORTS = { 'smtp:': 587, 'smtps:': 465 } as const;

const SMTP_URL_SHAPE = 'must be smtp://user:password@host:port or smtps://user:password@host:port';

/**
 * Reads SMTP_URL. A problem never quotes the value: it may hold the relay's password.
 */
export const parseSmtpUrl = (raw: string): Parsed<SmtpSettings> => {
  const problem = (why: string): Parsed<SmtpSettings> => ({
    ok: false,
    problem: `SMTP_URL: ${SMTP_URL_SHAPE} (${why})`,
  });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return problem('not a URL');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return problem(`the scheme is ${JSON.stringify(url.protocol.replace(/:$/, ''))}`);
  }
  if (url.hostname === '') return problem('no host');
  if ((url.pathname !== '' && url.pathname !== '/') || url.search !== '' || url.hash !== '') {
    return problem('it has a path, query or fragment');
  }
  // An empty port is the scheme's default; anything else URL would already have refused.
  const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
  if (port === 0) return problem('port 0');
  let user: string | null;
  let password: string | null;
  try {
    user = url.username === '' ? null : decodeURIComponent(url.username);
    password = url.password === '' ? null : decodeURIComponent(url.password);
  } catch {
    return problem('the user or password is not validly percent-encoded');
  }
  if (user === null && password !== null) return problem('a password without a user');
  return {
    ok: true,
    value: {
      secure: url.protocol === 'smtps:',
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port,
      user,
      password,
    },
  };
};

// Deliberately plain: one local part, one domain of dot-separated labels (no quoted local parts).
const ADDRESS =
  /^[^\s@<>"(),;:\\[\]]+@((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)$/;
const NAMED = /^(.*?)\s*<([^<>]*)>$/;

/** Reads MAIL_FROM: `shop@example.com` or `TRX Shop <shop@example.com>` (the name may be quoted). */
export const parseMailFrom = (raw: string): Parsed<MailFrom> => {
  const problem: Parsed<MailFrom> = {
    ok: false,
    problem: `MAIL_FROM: must be an address such as shop@example.com or "TRX Shop <shop@example.com>", got ${JSON.stringify(raw)}`,
  };
  // A line break would let the value add headers of its own to every mail.
  if (/[\r\n]/.test(raw)) return problem;
  const named = NAMED.exec(raw);
  const address = (named ? (named[2] ?? '') : raw).trim();
  const name = named
    ? (named[1] ?? '')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim()
    : '';
  const match = ADDRESS.exec(address);
  if (!match || /[<>"]/.test(name)) return problem;
  return {
    ok: true,
    value: { name: name === '' ? null : name, address, domain: (match[1] ?? '').toLowerCase() },
  };
};

/**
 * Reads PUBLIC_URL: an http(s) origin (no path, query or fragment), answered without a trailing
 * slash so links are `${publicUrl}/reset-password?token=...`.
 */
export const parsePublicUrl = (raw: string): Parsed<string> => {
  const problem: Parsed<string> = {
    ok: false,
    problem: `PUBLIC_URL: must be the shop's public origin such as https://shop.example (no path, query or fragment), got ${JSON.stringify(raw)}`,
  };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return problem;
  }
  const bare =
    url.pathname === '/' && url.search === '' && url.hash === '' && !raw.endsWith('?') && !raw.endsWith('#');
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username !== '' ||
    url.password !== '' ||
    !bare
  ) {
    return problem;
  }
  return { ok: true, value: url.origin };
};

/** The service's own address, for links in development: a wildcard host is reached on loopback. */
export const ownOrigin = (host: string, port: number): string => {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
};
