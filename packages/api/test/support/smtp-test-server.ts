import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime.js';

/** A message the server accepted, with its envelope and what a mail client would show. */
export interface ReceivedMail {
  /** MAIL FROM and RCPT TO: where the message was actually sent, whatever its headers say. */
  readonly envelope: { readonly from: string | null; readonly to: readonly string[] };
  /** Header names in lower case, values unfolded and decoded; the first of a repeated header. */
  readonly headers: ReadonlyMap<string, string>;
  readonly messageId: string | null;
  readonly subject: string | null;
  /** The text/plain and text/html parts, decoded, with `\n` line ends. */
  readonly text: string | null;
  readonly html: string | null;
  readonly raw: string;
  /** The user the client signed in as (null: no AUTH), and whether the session was TLS. */
  readonly user: string | null;
  readonly secure: boolean;
}

export interface SmtpTestServerOptions {
  /** The first N messages are refused at the end of DATA with `failCode`. */
  readonly failFirst?: number;
  /** The reply code of refused messages: 451 (try again) by default; 550 for a permanent refusal. */
  readonly failCode?: number;
  /** AUTH credentials; with `auth: false` the server takes mail without signing in. */
  readonly user?: string;
  readonly password?: string;
  readonly auth?: boolean;
  /** Implicit TLS (smtps) with smtp-server's bundled self-signed certificate. */
  readonly secure?: boolean;
  /** Offer STARTTLS on a plain connection (the bundled certificate); off by default. */
  readonly startTls?: boolean;
}

export interface SmtpTestServer {
  readonly port: number;
  /** SMTP_URL for this server, credentials included. */
  readonly url: string;
  readonly user: string;
  readonly password: string;
  /** Accepted messages, oldest first. */
  readonly received: readonly ReceivedMail[];
  /** Messages refused on purpose so far (`failFirst`, `failNext`). */
  refused(): number;
  /** Failed sign-ins so far. */
  authFailures(): number;
  /** Refuses the next `count` messages at the end of DATA with `code` (451 by default). */
  failNext(count: number, code?: number): void;
  /** Never answers the next `count` messages at the end of DATA: the client waits (a kill -9 mid-send). */
  holdNext(count: number): void;
  /** Resolves once `count` messages have been held unanswered in all. */
  waitForHeld(count?: number, timeoutMs?: number): Promise<void>;
  /** The first accepted message matching `accept`, now or when it arrives; rejects after `timeoutMs`. */
  waitForMail(accept?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 and a free port, signing in with
 * AUTH PLAIN or LOGIN, that keeps every accepted message parsed and can refuse the next ones.
 */
export const startSmtpServer = async (options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> => {
  const user = options.user ?? 'shop-mailer';
  const password = options.password ?? 'relay-password-1';
  const requireAuth = options.auth ?? true;
  const received: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => boolean>();
  let failing = { remaining: options.failFirst ?? 0, code: options.failCode ?? 451 };
  let refused = 0;
  let authFailures = 0;
  let holding = 0;
  let held = 0;
  const heldWaiters = new Set<() => void>();

  const server = new SMTPServer({
    secure: options.secure ?? false,
    hideSTARTTLS: !(options.startTls ?? false),
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: !requireAuth,
    // Plain-text AUTH is refused by default; the tests sign in over loopback without TLS.
    allowInsecureAuth: true,
    disabledCommands: requireAuth ? [] : ['AUTH'],
    logger: false,
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) {
        callback(null, { user: auth.username });
        return;
      }
      authFailures += 1;
      callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (holding > 0) {
          // No reply at all: the message is neither accepted nor refused while the client waits.
          holding -= 1;
          held += 1;
          for (const waiter of heldWaiters) waiter();
          return;
        }
        if (failing.remaining > 0) {
          failing.remaining -= 1;
          refused += 1;
          const reply = failing.code >= 500 ? 'Refused on purpose' : 'Try again later';
          callback(Object.assign(new Error(reply), { responseCode: failing.code }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMail(raw);
        const from = session.envelope.mailFrom;
        const mail: ReceivedMail = {
          envelope: {
            from: from === false ? null : from.address,
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
          },
          headers: parsed.headers,
          messageId: parsed.headers.get('message-id') ?? null,
          subject: parsed.headers.get('subject') ?? null,
          text: parsed.text,
          html: parsed.html,
          raw,
          user: typeof session.user === 'string' ? session.user : null,
          secure: session.secure,
        };
        received.push(mail);
        for (const waiter of waiters) if (waiter(mail)) waiters.delete(waiter);
        callback(null, 'Queued');
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const scheme = options.secure ? 'smtps' : 'smtp';
  const credentials = requireAuth ? `${encodeURIComponent(user)}:${encodeURIComponent(password)}@` : '';

  return {
    port,
    url: `${scheme}://${credentials}127.0.0.1:${port}`,
    user,
    password,
    received,
    refused: () => refused,
    authFailures: () => authFailures,
    failNext: (count, code = 451) => {
      failing = { remaining: count, code };
    },
    holdNext: (count) => {
      holding = count;
    },
    waitForHeld: (count = 1, timeoutMs = 15_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          heldWaiters.delete(check);
          reject(new Error(`Fewer than ${count} messages held within ${timeoutMs} ms (${held} held)`));
        }, timeoutMs);
        const check = () => {
          if (held < count) return;
          clearTimeout(timer);
          heldWaiters.delete(check);
          resolve();
        };
        heldWaiters.add(check);
        check();
      }),
    waitForMail: (accept = () => true, timeoutMs = 15_000) => {
      const already = received.find(accept);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching mail within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        const waiter = (mail: ReceivedMail) => {
          if (!accept(mail)) return false;
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
